export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const AVATAR_SIZE = 256;

/**
 * The picture a member chose, cropped to its centre square and scaled to 256 pixels, as a JPEG
 * data URL (a few dozen KB, well under the server's cap). Throws when the browser cannot decode it.
 */
export async function squareAvatar(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIZE;
    canvas.height = AVATAR_SIZE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    // JPEG has no transparency: transparent pixels become white rather than black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
    context.drawImage(
      bitmap,
      (bitmap.width - side) / 2,
      (bitmap.height - side) / 2,
      side,
      side,
      0,
      0,
      AVATAR_SIZE,
      AVATAR_SIZE,
    );
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
