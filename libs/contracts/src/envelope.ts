import { z } from 'zod';

/** Every successful answer: `{ success: true, message?, data }`. */
export function answerOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** A successful answer that carries only a message. */
export const messageAnswer = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'MessageAnswer' });

/** Every failed call answers with this body; the web shows `message`. */
export const errorBody = z
  .object({ success: z.literal(false), message: z.string(), statusCode: z.number().int() })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBody>;

/** A refusal of a call whose spec answer is "ok, url, or error": the house body plus `ok` and `error`. */
export const okErrorBody = errorBody
  .extend({ ok: z.literal(false), error: z.string() })
  .meta({ id: 'OkErrorBody' });

export type Answer<T> = { success: true; message?: string; data: T };
