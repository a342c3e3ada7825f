import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { imageContentType, redrawImage } from './uploaded-image';

const redraw256 = (upload: Uint8Array) => redrawImage(upload, 256);

describe('imageContentType', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it('recognises PNG, JPEG and WebP by their signatures', () => {
    expect(imageContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(imageContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    const webp = [...Buffer.from('RIFF'), 0x10, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];
    expect(imageContentType(Uint8Array.from(webp))).toBe('image/webp');
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(imageContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageContentType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(
      imageContentType(Uint8Array.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')])),
    ).toBeUndefined();
    expect(imageContentType(bytes(0x89, 0x50))).toBeUndefined();
    expect(imageContentType(Buffer.alloc(4096))).toBeUndefined();
    expect(imageContentType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('redrawImage', () => {
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } });
  const exif = { IFD0: { Copyright: 'owner-secret', ImageDescription: 'home-address' } };
  const appended = Buffer.from('<script>alert(document.cookie)</script>');

  it('keeps only the pixels: metadata and bytes after the image are gone, the format stays', async () => {
    for (const [format, contentType] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const upload = Buffer.concat([
        await solid(64, 48).toFormat(format).withExif(exif).toBuffer(),
        appended,
      ]);
      const redrawn = await redraw256(upload);
      expect(redrawn?.contentType).toBe(contentType);
      const kept = redrawn!.bytes;
      expect(kept.includes('alert(')).toBe(false);
      expect(kept.includes('owner-secret')).toBe(false);
      const meta = await sharp(kept).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
        format,
        width: 64,
        height: 48,
        exif: undefined,
      });
      const { dominant } = await sharp(kept).stats();
      expect(Math.abs(dominant.r - 200)).toBeLessThan(20);
    }
  });

  it('fits a larger image inside 256x256, keeping its proportions', async () => {
    const wide = await redraw256(await solid(1024, 512).png().toBuffer());
    const { width, height } = await sharp(wide!.bytes).metadata();
    expect([width, height]).toEqual([256, 128]);
  });

  it('fits inside the side it is asked for', async () => {
    const small = await redrawImage(await solid(300, 100).png().toBuffer(), 96);
    const { width, height } = await sharp(small!.bytes).metadata();
    expect([width, height]).toEqual([96, 32]);
  });

  it('turns a photo upright by its orientation before the orientation is dropped', async () => {
    const sideways = await solid(80, 40).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { width, height, orientation } = await sharp((await redraw256(sideways))!.bytes).metadata();
    expect({ width, height, orientation }).toEqual({ width: 40, height: 80, orientation: undefined });
  });

  it('refuses bytes that only start like an image', async () => {
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), appended]);
    expect(await redraw256(fakePng)).toBeUndefined();
    expect(await redraw256(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).toBeUndefined();
  });

  it('refuses an image in another format, and one that would unpack into too many pixels', async () => {
    expect(await redraw256(await solid(8, 8).gif().toBuffer())).toBeUndefined();
    expect(await redraw256(grayPng(300, 300))).toBeDefined();
    expect(await redraw256(grayPng(5000, 5000))).toBeUndefined();
  });
});

/** A black grayscale PNG built by hand: a large one costs a few KB and no encoder time. */
function grayPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
