import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { CharityLogoChanged } from '@arena/charities/events';
import { CharityMessages, MAX_LOGO_BYTES } from '@arena/contracts';
import {
  startCharityOnboardingHarness,
  type CharityOnboardingHarness,
  type Member,
} from './charity-onboarding.harness';

const ADMIN_KEY = 'logo-admin-key-0123456789abcdef';
let nextEin = 970000000;
/** A well-formed EIN the data set does not hold, fresh for each test. */
const freshEin = () => String(nextEin++);

/** A charity's logo over HTTP (issue 23): set by its manager only, redrawn, recorded as an event, served. */
describe('charity logos (PUT /api/charities/onboarding/{charityId}/logo, GET /api/charities/ein/{ein}/logo)', () => {
  let h: CharityOnboardingHarness;

  beforeAll(async () => {
    h = await startCharityOnboardingHarness({ ADMIN_API_KEY: ADMIN_KEY });
  });
  afterAll(() => h.close());

  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  /** Starts like a PNG and is not one: `size` bytes in all. */
  const fakePng = (size: number) =>
    Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);
  /** A real image, its EXIF naming its owner, with a script appended after its last byte. */
  const picture = async (format: 'png' | 'jpeg' | 'webp', red = 40, width = 48) =>
    Buffer.concat([
      await sharp({
        create: { width, height: width / 2, channels: 3, background: { r: red, g: 90, b: 160 } },
      })
        .toFormat(format)
        .withExif({ IFD0: { Copyright: 'owner-secret' } })
        .toBuffer(),
      Buffer.from('<script>alert(1)</script>'),
    ]);
  const dataUrl = (bytes: Buffer, declared = 'image/png') =>
    `data:${declared};base64,${bytes.toString('base64')}`;

  async function upload(member: Member | undefined, charityId: string, body: unknown) {
    const response = await h.api.inject({
      method: 'PUT',
      url: `/api/charities/onboarding/${charityId}/logo`,
      headers: member?.auth ?? {},
      payload: body as object,
    });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  }
  const fetchLogo = (url: string) => h.api.inject({ method: 'GET', url });

  /** A charity `member` has started onboarding (an EIN outside the directory: held for review). */
  async function onboarded(member: Member) {
    const ein = freshEin();
    const linked = await h.call('POST', '/charities/stripe/link', member, {
      ein,
      organizationName: 'Lantern House',
      description: 'Light for the night',
      email: `desk-${ein}@lantern.example`,
    });
    expect(linked.status).toBe(200);
    return { ein, charityId: linked.body.charityId as string };
  }
  const logoEvents = async (ein: string) =>
    (await h.store.readStream(`charity-${ein}`))
      .filter((event) => event.type === 'CharityLogoChanged')
      .map((event) => event.data as CharityLogoChanged['data']);

  it('keeps the image redrawn under its real type, records it, serves it safely, and shows it once published', async () => {
    const ada = await h.member('ada');
    const { ein, charityId } = await onboarded(ada);

    // A PNG declared as a JPEG: what it is comes from its bytes.
    const saved = await upload(ada, charityId, { image: dataUrl(await picture('png'), 'image/jpeg') });
    expect(saved).toMatchObject({
      status: 200,
      body: { success: true, message: CharityMessages.logoUpdated, data: { charityId, ein } },
    });
    const logoUrl: string = saved.body.data.logoUrl;
    expect(logoUrl).toMatch(new RegExp(`^/api/charities/ein/${ein}/logo\\?v=[0-9a-f]{32}$`));
    const version = new URL(logoUrl, 'http://x').searchParams.get('v')!;

    // The fact: one event naming the stored image, whose bytes hash to that name.
    const events = await logoEvents(ein);
    expect(events).toEqual([
      { charityId, logoId: version, contentType: 'image/png', at: expect.any(String) },
    ]);

    const served = await fetchLogo(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bytes = served.rawPayload;
    expect(createHash('sha256').update(bytes).digest('hex').slice(0, 32)).toBe(version);
    expect(bytes.includes('<script>')).toBe(false);
    expect(bytes.includes('owner-secret')).toBe(false);
    const { format, width, exif } = await sharp(bytes).metadata();
    expect({ format, width, exif }).toEqual({ format: 'png', width: 48, exif: undefined });

    // Only that version's URL answers: no version, another, or a malformed one is a 404 in the one shape.
    for (const url of [
      `/api/charities/ein/${ein}/logo`,
      `/api/charities/ein/${ein}/logo?v=${'0'.repeat(32)}`,
      `/api/charities/ein/${ein}/logo?v=../../etc`,
      `/api/charities/ein/${freshEin()}/logo?v=${version}`,
    ]) {
      const missing = await fetchLogo(url);
      expect({ status: missing.statusCode, body: missing.json() }).toEqual({
        status: 404,
        body: { success: false, message: CharityMessages.logoNotFound, statusCode: 404 },
      });
    }

    // The manager sees it; others do not while the charity is held for review...
    expect((await h.call('GET', `/charities/onboarding/${charityId}`, ada)).body.data.logoUrl).toBe(logoUrl);
    await h.eventually(async () => {
      const row = await h.database.db
        .selectFrom('charities' as never)
        .select('logo_id' as never)
        .where('ein' as never, '=', ein as never)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ logo_id: version });
    });
    expect((await h.call('GET', `/charities/ein/${ein}`)).body.data.logoUrl).toBeNull();

    // ...and everyone does once an operator approves it and it is published.
    const approved = await h.api.inject({
      method: 'POST',
      url: `/api/admin/charities/${ein}/review`,
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      payload: { decision: 'approve', note: 'Checked by phone' },
    });
    expect(approved.statusCode).toBe(200);
    await h.eventually(async () => {
      expect((await h.call('GET', `/charities/ein/${ein}`)).body.data.logoUrl).toBe(logoUrl);
      expect((await h.call('GET', `/charities/${charityId}`)).body.data.logoUrl).toBe(logoUrl);
    });

    // A new logo is a new URL; the same image again records nothing.
    const replaced = await upload(ada, charityId, { image: dataUrl(await picture('webp', 200, 600)) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.logoUrl).not.toBe(logoUrl);
    const again = await fetchLogo(replaced.body.data.logoUrl);
    expect(again.headers['content-type']).toBe('image/webp');
    expect((await sharp(again.rawPayload).metadata()).width).toBe(256);
    expect((await upload(ada, charityId, { image: dataUrl(await picture('webp', 200, 600)) })).status).toBe(
      200,
    );
    expect(await logoEvents(ein)).toHaveLength(2);
  });

  it("refuses other members' charities, unknown ids, and anything that is not a small PNG, JPEG or WebP, recording nothing", async () => {
    const [ada, ben] = [await h.member('ada'), await h.member('ben')];
    const { ein, charityId } = await onboarded(ada);
    const other = await onboarded(ben);
    const image = { image: dataUrl(await picture('jpeg')) };

    expect((await upload(undefined, charityId, image)).status).toBe(401);
    // Another charity's id: ben manages his own, not ada's (and ada not his).
    for (const [member, id] of [
      [ben, charityId],
      [ada, other.charityId],
    ] as const) {
      expect(await upload(member, id, image)).toMatchObject({
        status: 403,
        body: { success: false, statusCode: 403, message: CharityMessages.notCharityManager },
      });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await upload(ada, id, image)).toMatchObject({
        status: 404,
        body: { success: false, statusCode: 404, message: CharityMessages.noOnboardingData },
      });
    }

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[unknown, string]> = [
      [{}, CharityMessages.logoInvalid],
      [{ image: 'hello' }, CharityMessages.logoInvalid],
      [{ image: dataUrl(svg, 'image/svg+xml') }, CharityMessages.logoInvalid],
      [{ image: dataUrl(svg, 'image/png') }, CharityMessages.logoInvalid],
      // A file of NUL bytes, declared as a PNG.
      [{ image: dataUrl(Buffer.alloc(2048)) }, CharityMessages.logoInvalid],
      [{ image: dataUrl(fakePng(2048)) }, CharityMessages.logoUnreadable],
      [{ image: dataUrl(fakePng(MAX_LOGO_BYTES + 1)) }, CharityMessages.logoTooLarge],
    ];
    for (const [body, message] of cases) {
      const answer = await upload(ada, charityId, body);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { success: false, message, statusCode: 400 },
      });
    }
    // A body past the route's limit is refused before it is read, in the same shape.
    const oversize = await upload(ada, charityId, { image: dataUrl(fakePng(400 * 1024)) });
    expect(oversize).toMatchObject({ status: 413, body: { success: false, statusCode: 413 } });

    expect(await logoEvents(ein)).toEqual([]);
    expect(await logoEvents(other.ein)).toEqual([]);
    expect((await h.call('GET', `/charities/onboarding/${charityId}`, ada)).body.data.logoUrl).toBeNull();
  });

  it('ends 50 uploads at once by the same manager in one consistent state, then limits them (429)', async () => {
    const ada = await h.member('ada');
    const { ein, charityId } = await onboarded(ada);
    const images = await Promise.all(
      Array.from({ length: 50 }, (_, i) => picture('png', i * 5)).map(async (bytes) => dataUrl(await bytes)),
    );
    const answers = await Promise.all(images.map((image) => upload(ada, charityId, { image })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));

    // Every image was recorded once, one after the other; the last one recorded is the logo everywhere.
    const events = await logoEvents(ein);
    expect(events).toHaveLength(50);
    expect(new Set(events.map((event) => event.logoId)).size).toBe(50);
    const last = events.at(-1)!.logoId;
    const current = `/api/charities/ein/${ein}/logo?v=${last}`;
    expect((await h.call('GET', `/charities/onboarding/${charityId}`, ada)).body.data.logoUrl).toBe(current);
    // Each answer named the logo as it stood after its own upload: one of the recorded ones.
    const recorded = new Set(events.map((event) => event.logoId));
    for (const answer of answers) {
      expect(recorded.has(new URL(answer.body.data.logoUrl, 'http://x').searchParams.get('v')!)).toBe(true);
    }
    await h.eventually(async () => {
      const row = await h.database.db
        .selectFrom('charities' as never)
        .select('logo_id' as never)
        .where('ein' as never, '=', ein as never)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ logo_id: last });
    });
    const served = await fetchLogo(current);
    expect(createHash('sha256').update(served.rawPayload).digest('hex').slice(0, 32)).toBe(last);

    // 60 uploads an hour per charity: the 61st is refused with Retry-After.
    const image = images[0]!;
    const more = [];
    for (let i = 0; i < 11; i++) more.push(await upload(ada, charityId, { image }));
    expect(more.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(more[10]).toMatchObject({
      status: 429,
      body: { success: false, statusCode: 429, message: CharityMessages.tooManyRequests },
    });
    expect(Number(more[10]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
