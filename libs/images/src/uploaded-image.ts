import sharp from 'sharp';

/** The only image formats a member or a charity may upload, and the only ones we serve back. */
export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/webp';
export const IMAGE_CONTENT_TYPES: readonly ImageContentType[] = ['image/png', 'image/jpeg', 'image/webp'];

/** Decoding stops past this many pixels, so a small, well-compressed file cannot unpack into gigabytes. */
const MAX_DECODED_PIXELS = 4096 * 4096;

const CONTENT_TYPES: Partial<Record<string, ImageContentType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * What an image really is, from its first bytes: the type a client declares (a file name, a data URL's
 * media type) is not trusted, and anything that is not one of the three formats (SVG above all, which
 * can carry scripts) is refused.
 */
export function imageContentType(bytes: Uint8Array): ImageContentType | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export interface RedrawnImage {
  contentType: ImageContentType;
  bytes: Buffer;
}

/**
 * The image drawn afresh from its pixels alone: decoded, turned upright, fitted inside `side`x`side`
 * and encoded again in its own format. Nothing else of the upload survives: no metadata (location,
 * camera, comments), no bytes appended after the image. Undefined when the bytes do not decode as a
 * PNG, JPEG or WebP image.
 */
export async function redrawImage(upload: Uint8Array, side: number): Promise<RedrawnImage | undefined> {
  try {
    const decoded = sharp(upload, { limitInputPixels: MAX_DECODED_PIXELS });
    const { format } = await decoded.metadata();
    const contentType = CONTENT_TYPES[format];
    if (!contentType) return undefined;
    const fitted = decoded.rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true });
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
