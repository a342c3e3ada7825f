import { Injectable } from '@nestjs/common';

/** The bracket handlers' time: one seam so tests can move past a match deadline without waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
