import { z } from 'zod';

/**
 * Results of an operator's external game signed by the game's own server (issue 21, docs/fair-play.md).
 * The operator registers an Ed25519 public key with the tournament's game (`game.resultPublicKey`); the
 * game's server signs each result with the private key it alone holds, the page hands the signed result
 * to the member's call, and the API records it only when the signature verifies over the canonical
 * message below, the nonce is new in the tournament and the result is fresh.
 *
 * Framework-free apart from zod: operators' tooling and the tests build the same message.
 */

/** How a tournament's scores are checked, as every member-facing answer says. */
export const SCORE_VERIFICATIONS = [
  /** A catalog game: the server replays each play's input log (plays.contract.ts). */
  'REPLAY',
  /** An external game with a registered key: each result is signed by the game's server. */
  'SIGNED',
  /** An external game without a key: the numbers are the member's own, nobody checked them. */
  'UNVERIFIED',
] as const;
export type ScoreVerification = (typeof SCORE_VERIFICATIONS)[number];

/** A signed result older than this (by its `issuedAt`) is refused: ask the game for a fresh one. */
export const SIGNED_RESULT_MAX_AGE_MS = 5 * 60_000;
/** How far the game server's clock may run ahead of ours. */
export const SIGNED_RESULT_MAX_SKEW_MS = 30_000;

/** An Ed25519 public key: its 32 raw bytes in base64url without padding (a JWK's `x`). */
export const ed25519PublicKey = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/,
    'resultPublicKey must be an Ed25519 public key: 32 bytes in base64url',
  );

/** The signed part a result carries for a SIGNED game; absent for every other game. */
export const signedResult = z
  .object({
    /** The game's id for this result (its play or session id): each is taken once per tournament. */
    nonce: z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'nonce must be 8 to 128 letters, digits or _ . : -'),
    /** When the game's server signed it, `Date.prototype.toISOString()` form (UTC, milliseconds). */
    issuedAt: z
      .string()
      .regex(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
        'issuedAt must be a UTC instant like 2026-01-31T12:00:00.000Z',
      ),
    /** Ed25519 signature of `signedResultMessage(…)`: 64 bytes in base64url without padding. */
    signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'signature must be 64 bytes in base64url'),
  })
  .meta({ id: 'SignedResult' });
export type SignedResult = z.infer<typeof signedResult>;

export interface SignedResultFields {
  tournamentId: string;
  /** The head-to-head match the result is for; null for a score (`/scores`). */
  matchId: string | null;
  /** Our member id: the game learns it from the page when the member opens it. */
  memberId: string;
  score: number;
  completed: boolean;
  nonce: string;
  issuedAt: string;
}

/**
 * The exact bytes signed (UTF-8): one `name:value` line each, `\n` between, no trailing newline. Every
 * field the result depends on is in it, so a signature cannot be moved to another tournament, match,
 * member, score or run; the first line names the scheme so another use of the same key never matches.
 */
export function signedResultMessage(fields: SignedResultFields): string {
  return [
    'charity-arena-result-v1',
    `tournament:${fields.tournamentId}`,
    `match:${fields.matchId ?? '-'}`,
    `member:${fields.memberId}`,
    `score:${fields.score}`,
    `completed:${fields.completed}`,
    `nonce:${fields.nonce}`,
    `issuedAt:${fields.issuedAt}`,
  ].join('\n');
}

/** What the score and match result routes answer for a signed game (4xx, the one error shape). */
export const SignedResultMessages = {
  /** 403: a bare number for a game that signs its results. */
  signatureRequired: (game: string) =>
    `Results for ${game} must be signed by the game's server: submit the result from the game`,
  /** 403: the signature does not verify with the game's key over this result. */
  badSignature: "The result's signature does not verify with the game's key",
  /** 409: this nonce was already taken in this tournament. */
  replayed: 'This signed result was already submitted',
  /** 409: issuedAt too old or too far ahead. */
  stale: 'This signed result has expired: submit the result from the game again',
  /** 400: a signature for a game that registered no key. */
  notSigned: (game: string) => `${game} registered no signing key: submit the score without a signature`,
} as const;
