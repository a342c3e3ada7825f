import sharp from 'sharp';
import { useIdentityStack } from './support/identity-members';

/** Changing the avatar over HTTP: a small image, redrawn from its pixels, served back to anyone with its link. */
describe('identity: a member changes their avatar', () => {
  const stack = useIdentityStack();

  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const png = (size: number, fill = 7) =>
    Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.alloc(size - PNG_SIGNATURE.length, fill)]);
  /** A real image, its EXIF naming its owner, with a script appended after its last byte. */
  const picture = async (format: 'png' | 'webp', width = 32) =>
    Buffer.concat([
      await sharp({ create: { width, height: width, channels: 3, background: '#3366aa' } })
        .toFormat(format)
        .withExif({ IFD0: { Copyright: 'owner-secret' } })
        .toBuffer(),
      Buffer.from('<script>alert(1)</script>'),
    ]);
  const dataUrl = (bytes: Buffer, declared = 'image/png') =>
    `data:${declared};base64,${bytes.toString('base64')}`;

  async function signedIn() {
    const call = stack.members.client();
    const { tokens } = await stack.members.signUp(call);
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    return (method: string, path: string, body?: unknown) => call(method, path, body, auth);
  }

  it('stores the image, links it from the profile, serves it with its real type, and replaces it', async () => {
    const as = await signedIn();
    expect((await as('GET', '/auth/profile')).body.data.avatarUrl).toBeNull();

    const saved = await as('PUT', '/auth/avatar', { image: dataUrl(await picture('png'), 'image/jpeg') });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Avatar updated successfully!' });
    const link: string = saved.body.data.avatarUrl;
    expect(link).toMatch(new RegExp(`^/api/auth/avatars/${saved.body.data.id}\\?v=\\d+$`));
    expect((await as('GET', '/auth/profile')).body.data.avatarUrl).toBe(link);

    const served = await fetch(`${stack.harness.baseUrl}${link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('<script>')).toBe(false);
    expect(bytes.includes('owner-secret')).toBe(false);
    const { format, width, exif } = await sharp(bytes).metadata();
    expect({ format, width, exif }).toEqual({ format: 'png', width: 32, exif: undefined });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const replaced = await as('PUT', '/auth/avatar', { image: dataUrl(await picture('webp', 600)) });
    expect(replaced.body.data.avatarUrl).not.toBe(link);
    const again = await fetch(`${stack.harness.baseUrl}${replaced.body.data.avatarUrl}`);
    expect(again.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await again.arrayBuffer())).metadata()).width).toBe(256);
  });

  it('refuses what is not a PNG, JPEG or WebP image, what does not decode, and images over 128 KB, changing nothing', async () => {
    const as = await signedIn();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[unknown, string]> = [
      [{}, 'Choose a PNG, JPEG or WebP image.'],
      [{ image: 'hello' }, 'Choose a PNG, JPEG or WebP image.'],
      [{ image: dataUrl(svg, 'image/png') }, 'Choose a PNG, JPEG or WebP image.'],
      [{ image: dataUrl(png(128 * 1024 + 1)) }, 'The image must be 128 KB or smaller.'],
      [
        { image: dataUrl(png(2048)) },
        'This image could not be read. Choose another PNG, JPEG or WebP image.',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await as('PUT', '/auth/avatar', body);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { success: false, message, statusCode: 400 },
      });
    }
    expect((await as('GET', '/auth/profile')).body.data.avatarUrl).toBeNull();
  });

  it('answers 401 to an upload without a valid token and 404 for an account without an avatar', async () => {
    const call = stack.members.client();
    const upload = await call('PUT', '/auth/avatar', { image: dataUrl(png(64)) });
    expect(upload).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    for (const id of ['3b241101-e2bb-4255-8caf-4136c566a962', 'not-a-uuid']) {
      const missing = await call('GET', `/auth/avatars/${id}`);
      expect(missing).toMatchObject({ status: 404, body: { message: 'No avatar found.' } });
    }
  });

  it('limits uploads per member: 429 with Retry-After', async () => {
    const as = await signedIn();
    const statuses: number[] = [];
    const image = dataUrl(await picture('png', 8));
    for (let i = 0; i < 21; i++) statuses.push((await as('PUT', '/auth/avatar', { image })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });
});
