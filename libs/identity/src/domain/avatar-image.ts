import sharp from 'sharp';

export type AvatarContentType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The web app sends a 256-pixel square; this leaves room for a detailed PNG and no more. */
export const MAX_AVATAR_BYTES = 128 * 1024;

/** The largest avatar kept, in pixels a side: what the web app crops to. */
export const AVATAR_SIDE = 256;

/** Decoding stops past this many pixels, so a small, well-compressed file cannot unpack into gigabytes. */
const MAX_DECODED_PIXELS = 4096 * 4096;

const CONTENT_TYPES: Partial<Record<string, AvatarContentType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * What an image really is, from its first bytes: the type a client declares is not trusted, and
 * anything that is not one of the three formats is refused.
 */
export function avatarContentType(bytes: Uint8Array): AvatarContentType | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * The image drawn afresh from its pixels alone: decoded, turned upright, fitted inside
 * 256x256 and encoded again in its own format. Nothing else of the upload survives: no metadata
 * (location, camera, comments), no bytes appended after the image. Undefined when the bytes do not
 * decode as a PNG, JPEG or WebP image.
 */
export async function redrawAvatar(
  upload: Uint8Array,
): Promise<{ contentType: AvatarContentType; bytes: Buffer } | undefined> {
  try {
    const decoded = sharp(upload, { limitInputPixels: MAX_DECODED_PIXELS });
    const { format } = await decoded.metadata();
    const contentType = CONTENT_TYPES[format];
    if (!contentType) return undefined;
    const fitted = decoded
      .rotate()
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      contentType === 'image/png'
        ? fitted.png()
        : contentType === 'image/jpeg'
          ? fitted.jpeg()
          : fitted.webp();
    return { contentType, bytes: await encoded.toBuffer() };
  } catch {
    return undefined;
  }
}
