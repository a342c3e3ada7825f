import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';

/**
 * Like the shared ZodValidationPipe, but answers with the first message exactly as written: the
 * auth screens show the spec's sentences word for word, with no field name in front.
 */
export class AuthBodyPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    throw new BadRequestException(parsed.error.issues[0]?.message ?? 'Invalid request');
  }
}
