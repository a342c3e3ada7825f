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

export type Answer<T> = { success: true; message?: string; data: T };
