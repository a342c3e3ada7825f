/** Where the identity context reads the time, so tests can move it (code expiry, token lifetimes). */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };
