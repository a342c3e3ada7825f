import { oneOf, text } from '../../lib/search-params';

/** `?ref=CODE&option=1|2` as a referral link carries them; anything malformed reads as absent. */
export const referralCodeParam = text({ trim: true, min: 1, max: 64 });
export const referralOptionParam = oneOf([1, 2]);
