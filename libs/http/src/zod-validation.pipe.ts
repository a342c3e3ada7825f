import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';

export interface ZodValidationOptions {
  /**
   * Put the failing field's path in front of the message ("score: ..."), which helps API callers
   * read zod's own messages. Off for schemas whose messages are the spec's sentences, shown as is.
   */
  fieldInMessage?: boolean;
}

/** `@Body(new ZodValidationPipe(schema))`: a 400 whose message names the first problem. */
export class ZodValidationPipe<T> implements PipeTransform<unknown, T> {
  constructor(
    private readonly schema: ZodType<T>,
    private readonly options: ZodValidationOptions = {},
  ) {}

  transform(value: unknown): T {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? 'Invalid request';
    const field = issue?.path.join('.');
    const named = (this.options.fieldInMessage ?? true) && field && !message.includes(field);
    throw new BadRequestException(named ? `${field}: ${message}` : message);
  }
}
