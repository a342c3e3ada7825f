import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import {
  SIGNED_RESULT_MAX_AGE_MS,
  SIGNED_RESULT_MAX_SKEW_MS,
  signedResultMessage,
  type SignedResult,
} from '@arena/contracts/signed-results.contract';
import { emptyTable, getRow, setRow, type BucketedTable } from './bucketed-table';
import {
  badSignature,
  gameSignsNoResults,
  invalidTournament,
  signatureRequired,
  signedResultReplayed,
  signedResultStale,
} from './tournament.errors';
import { scoreVerificationOf, type TournamentCreated } from './tournament.events';

/**
 * Results of an operator's external game signed by its own server (issue 21, docs/fair-play.md).
 *
 * A tournament whose game registered a public key takes a bare score or match result only with the
 * game's Ed25519 signature over the canonical message (`signedResultMessage`: tournament, match,
 * member, score, completed, nonce, issuedAt). The signature is checked first, so nobody without the
 * game's key can use up a nonce; then the nonce must be new in this tournament (the event that records
 * the result keeps it, so a replay is refused however much later it comes, and of two concurrent
 * submissions one wins); then the result must be fresh (`issuedAt` within the last 5 minutes, at most
 * 30 s ahead). A tournament whose game registered no key refuses a signature rather than ignore it,
 * so an operator who forgot the key finds out at the first result.
 */

/** Every nonce a SIGNED game's results used in this tournament; bucketed like the plays. */
export type NonceTable = BucketedTable<true>;
export const emptyNonceTable: NonceTable = emptyTable;
export const withNonce = (nonces: NonceTable, nonce: string | undefined): NonceTable =>
  nonce === undefined ? nonces : setRow(nonces, nonce, true);

interface SignedTournament {
  tournament: TournamentCreated['data'];
  resultNonces: NonceTable;
}

export interface ResultToCheck {
  matchId: string | null;
  userId: string;
  score: number;
  completed: boolean;
  signedResult?: SignedResult;
  now: string;
}

/**
 * The nonce to record with this result, undefined for a game that signs nothing; throws the refusal
 * when a SIGNED game's result does not carry a valid, new and fresh signature.
 */
export function acceptedSignature(state: SignedTournament, result: ResultToCheck): string | undefined {
  const { game, tournamentId } = state.tournament;
  const { signedResult } = result;
  if (scoreVerificationOf(game) !== 'SIGNED') {
    if (signedResult !== undefined) throw gameSignsNoResults(game.name);
    return undefined;
  }
  if (signedResult === undefined) throw signatureRequired(game.name);
  const { nonce, issuedAt, signature } = signedResult;
  const message = signedResultMessage({
    tournamentId,
    matchId: result.matchId,
    memberId: result.userId,
    score: result.score,
    completed: result.completed,
    nonce,
    issuedAt,
  });
  if (!verifies(game.resultPublicKey!, message, signature)) throw badSignature();
  if (getRow(state.resultNonces, nonce)) throw signedResultReplayed();
  const age = Date.parse(result.now) - Date.parse(issuedAt);
  if (!(age <= SIGNED_RESULT_MAX_AGE_MS && age >= -SIGNED_RESULT_MAX_SKEW_MS)) throw signedResultStale();
  return nonce;
}

/** A new tournament's key must load as an Ed25519 public key (400 otherwise), and only an external game has one. */
export function checkedResultKey(game: TournamentCreated['data']['game'], external: boolean): void {
  if (game.resultPublicKey === undefined) return;
  if (!external)
    throw invalidTournament(
      'Only an external game signs its results: a resultPublicKey needs external: true',
    );
  if (!/^[A-Za-z0-9_-]{43}$/.test(game.resultPublicKey) || publicKey(game.resultPublicKey) === null) {
    throw invalidTournament('resultPublicKey must be an Ed25519 public key: 32 bytes in base64url');
  }
}

// A tournament's key is parsed once per process, not once per result; a handful of keys are live at a time.
const keys = new Map<string, KeyObject | null>();
const MAX_CACHED_KEYS = 1000;

function publicKey(x: string): KeyObject | null {
  const cached = keys.get(x);
  if (cached !== undefined) return cached;
  let key: KeyObject | null;
  try {
    key =
      Buffer.from(x, 'base64url').length === 32
        ? createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
        : null;
  } catch {
    key = null;
  }
  if (keys.size >= MAX_CACHED_KEYS) keys.clear();
  keys.set(x, key);
  return key;
}

function verifies(x: string, message: string, signature: string): boolean {
  const key = publicKey(x);
  const bytes = Buffer.from(signature, 'base64url');
  if (key === null || bytes.length !== 64) return false;
  try {
    return verify(null, Buffer.from(message, 'utf8'), key, bytes);
  } catch {
    return false;
  }
}
