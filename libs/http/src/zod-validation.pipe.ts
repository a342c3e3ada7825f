import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';

/** `@Body(new ZodValidationPipe(schema))`: a 400 whose message names the first problem. */
export class ZodValidationPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    const message = issue?.message ?? 'Invalid request';
    throw new BadRequestException(field && !message.includes(field) ? `${field}: ${message}` : message);
  }
}
