import { CharityMessages as M, IMAGE_DATA_URL, MAX_LOGO_BYTES, charityLogoBody } from '@arena/contracts';
import { imageContentType } from '@arena/images';
import { z } from 'zod';

/**
 * The largest logo body: the image's base64 (4 bytes for 3) and a little for the data URL and the JSON.
 * Past it Fastify refuses the body (413) before it is parsed.
 */
export const LOGO_BODY_LIMIT = Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 1024;

/** What a logo is comes from its bytes, never from the data URL's declared type. */
export const charityLogoDto = charityLogoBody.transform(({ image }, ctx) => {
  const bytes = Buffer.from(IMAGE_DATA_URL.exec(image)![1]!, 'base64');
  if (!imageContentType(bytes)) {
    ctx.addIssue({ code: 'custom', message: M.logoInvalid });
    return z.NEVER;
  }
  if (bytes.length > MAX_LOGO_BYTES) {
    ctx.addIssue({ code: 'custom', message: M.logoTooLarge });
    return z.NEVER;
  }
  return { bytes };
});
export type CharityLogoDto = z.output<typeof charityLogoDto>;
