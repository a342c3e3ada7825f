import { ZodValidationPipe } from '@arena/http';
import type { ZodType } from 'zod';

/** The auth screens show the spec's sentences word for word: no field name in front. */
export class AuthBodyPipe<T> extends ZodValidationPipe<T> {
  constructor(schema: ZodType<T>) {
    super(schema, { fieldInMessage: false });
  }
}
