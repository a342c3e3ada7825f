/** Display rules of charities shared by the web and the server, without zod (the web bundles them). */

/** "123456789" → "12-3456789". */
export const formatEin = (digits: string) =>
  digits.length === 9 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;

/** The largest logo file a charity may upload (issue 23): the web refuses it before sending, the API after. */
export const MAX_LOGO_BYTES = 256 * 1024;

/** The logo formats, checked by their bytes on the server: never SVG, which can carry scripts. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Where a charity's logo is served (nine-digit EIN). */
export const charityLogoPath = (ein: string) => `/api/charities/ein/${ein.replace(/\D/g, '')}/logo`;

/** The logo's URL: `version` names the image itself, so every new logo is a new URL, cached for good. */
export const charityLogoUrl = (ein: string, version: string) => `${charityLogoPath(ein)}?v=${version}`;
