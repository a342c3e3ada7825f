export type AvatarContentType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The web app sends a 256-pixel square; this leaves room for a detailed PNG and no more. */
export const MAX_AVATAR_BYTES = 128 * 1024;

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
