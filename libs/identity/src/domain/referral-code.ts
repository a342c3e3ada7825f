import { randomInt } from 'node:crypto';

// No 0/O or 1/I/L: members read these aloud and type them.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** A member's own code, the one they share as /join?ref=CODE. */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
