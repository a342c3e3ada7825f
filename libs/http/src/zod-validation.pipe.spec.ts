import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe';

const body = z.object({
  score: z.number().int(),
  email: z.string().email('Please enter a valid email address.'),
});

const messageOf = (pipe: ZodValidationPipe<unknown>, value: unknown) => {
  try {
    pipe.transform(value);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a 400');
};

describe('ZodValidationPipe', () => {
  it('passes a valid body through, parsed', () => {
    expect(new ZodValidationPipe(body).transform({ score: 3, email: 'a@b.co' })).toEqual({
      score: 3,
      email: 'a@b.co',
    });
  });

  it('names the failing field in front of the first message by default', () => {
    expect(messageOf(new ZodValidationPipe(body), { score: 'high', email: 'a@b.co' })).toMatch(/^score: /);
  });

  it('answers the message exactly as written when asked to', () => {
    const pipe = new ZodValidationPipe(body, { fieldInMessage: false });
    expect(messageOf(pipe, { score: 1, email: 'nope' })).toBe('Please enter a valid email address.');
  });

  it('treats a missing body as an empty object', () => {
    expect(messageOf(new ZodValidationPipe(body), undefined)).toMatch(/^score: /);
  });
});
