import { imageContentType, redrawImage, type ImageContentType, type RedrawnImage } from '@arena/images';

export type AvatarContentType = ImageContentType;

/** The web app sends a 256-pixel square; this leaves room for a detailed PNG and no more. */
export const MAX_AVATAR_BYTES = 128 * 1024;

/** The largest avatar kept, in pixels a side: what the web app crops to. */
export const AVATAR_SIDE = 256;

/** What an avatar upload really is, from its first bytes (@arena/images). */
export const avatarContentType = imageContentType;

/** The avatar drawn afresh from its pixels, fitted inside 256x256 (@arena/images). */
export const redrawAvatar = (upload: Uint8Array): Promise<RedrawnImage | undefined> =>
  redrawImage(upload, AVATAR_SIDE);
