import { avatarContentType } from './avatar-image';

describe('avatarContentType', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it('recognises PNG, JPEG and WebP by their signatures', () => {
    expect(avatarContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(avatarContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    const webp = [...Buffer.from('RIFF'), 0x10, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];
    expect(avatarContentType(Uint8Array.from(webp))).toBe('image/webp');
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(avatarContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(avatarContentType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(
      avatarContentType(Uint8Array.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')])),
    ).toBeUndefined();
    expect(avatarContentType(bytes(0x89, 0x50))).toBeUndefined();
  });
});
