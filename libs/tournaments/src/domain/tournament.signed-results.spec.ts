import { generateKeyPairSync, sign } from 'node:crypto';
import { signedResultMessage, type SignedResult } from '@arena/contracts/signed-results.contract';
import {
  at,
  created,
  createCommand,
  id,
  joined,
  scored,
  spec,
  started,
  submit,
  verifiedCreated,
} from './tournament.fixtures';
import { TournamentError } from './tournament.errors';
import { scoreVerificationOf, type TournamentEvent } from './tournament.events';
import type { TournamentCommand } from './tournament.commands';

/** The operator's game server: its key pair, and a signer of results as it would sign them. */
function gameServer() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  const signResult = (
    fields: { userId: string; score: number; completed?: boolean; matchId?: string | null },
    nonce: string,
    issuedAt: string,
    tournamentId = id,
  ): SignedResult => {
    const message = signedResultMessage({
      tournamentId,
      matchId: fields.matchId ?? null,
      memberId: fields.userId,
      score: fields.score,
      completed: fields.completed ?? true,
      nonce,
      issuedAt,
    });
    return { nonce, issuedAt, signature: sign(null, Buffer.from(message), privateKey).toString('base64url') };
  };
  return { x, signResult };
}

const game = gameServer();
const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const signedGame = {
  slug: 'arcade',
  name: 'Arcade',
  integrationUrl: 'https://arcade.example/play',
  maxScore: 600_000,
  external: true,
  resultPublicKey: game.x,
};
const live: TournamentEvent[] = [created({ game: signedGame }), started(0), joined(alice), joined(bob)];

const signedSubmit = (userId: string, score: number, minute: number, signedResult?: SignedResult) => {
  const command = submit(userId, score, minute) as Extract<TournamentCommand, { type: 'SubmitScore' }>;
  return { ...command, data: { ...command.data, ...(signedResult ? { signedResult } : {}) } };
};

describe("an external game's signed results", () => {
  it('a tournament says how its scores are checked: replayed, signed, or not at all', () => {
    expect(scoreVerificationOf(verifiedCreated().data.game)).toBe('REPLAY');
    expect(scoreVerificationOf(created({ game: signedGame }).data.game)).toBe('SIGNED');
    expect(scoreVerificationOf(created().data.game)).toBe('UNVERIFIED');
    // Recorded before issue 10 (no `external`), even for a catalog slug: bare numbers.
    const { external: _external, ...legacy } = verifiedCreated().data.game;
    expect(scoreVerificationOf(legacy)).toBe('UNVERIFIED');
  });

  it('records the key with the game; only an external game has one, and it must be an Ed25519 key', () => {
    spec
      .given([])
      .when(createCommand({ game: signedGame }))
      .then([created({ game: signedGame }), started(0)]);
    spec
      .given([])
      .when(
        createCommand({
          game: {
            slug: 'snake',
            name: 'Snake',
            integrationUrl: '/snake/',
            maxScore: 3_970,
            resultPublicKey: game.x,
          },
        }),
      )
      .thenThrows(TournamentError, /needs external: true/);
    spec
      .given([])
      .when(createCommand({ game: { ...signedGame, resultPublicKey: 'not-a-key' } }))
      .thenThrows(TournamentError, /Ed25519 public key/);
  });

  it('takes a score signed by the game for this member, recording its nonce', () => {
    const signedResult = game.signResult({ userId: alice, score: 4200 }, 'play-0001', at(4));
    spec
      .given(live)
      .when(signedSubmit(alice, 4200, 5, signedResult))
      .then([
        {
          ...scored(alice, 4200, 1, 5),
          data: { ...scored(alice, 4200, 1, 5).data, resultNonce: 'play-0001' },
        },
      ]);
  });

  it('refuses a bare number: the game must sign it (the reproduction of issue 21)', () => {
    spec
      .given(live)
      .when(signedSubmit(alice, 600_000, 5))
      .thenThrows(
        TournamentError,
        "Results for Arcade must be signed by the game's server: submit the result from the game",
      );
  });

  it('refuses a forgery: another key, another score, member, tournament or run than the one signed', () => {
    const forger = gameServer();
    const forged = forger.signResult({ userId: alice, score: 600_000 }, 'play-0002', at(4));
    const badSignature = "The result's signature does not verify with the game's key";
    spec
      .given(live)
      .when(signedSubmit(alice, 600_000, 5, forged))
      .thenThrows(TournamentError, badSignature);
    const honest = game.signResult({ userId: alice, score: 4200 }, 'play-0003', at(4));
    // The member raises the score.
    spec
      .given(live)
      .when(signedSubmit(alice, 600_000, 5, honest))
      .thenThrows(TournamentError, badSignature);
    // Another member takes Alice's result.
    spec
      .given(live)
      .when(signedSubmit(bob, 4200, 5, honest))
      .thenThrows(TournamentError, badSignature);
    // A result signed for another tournament.
    const elsewhere = game.signResult(
      { userId: alice, score: 4200 },
      'play-0004',
      at(4),
      '4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5c',
    );
    spec
      .given(live)
      .when(signedSubmit(alice, 4200, 5, elsewhere))
      .thenThrows(TournamentError, badSignature);
    // A head-to-head result's signature (its match id) is not a score's.
    const forMatch = game.signResult(
      { userId: alice, score: 4200, matchId: 's1-g1-r1-m1' },
      'play-0005',
      at(4),
    );
    spec
      .given(live)
      .when(signedSubmit(alice, 4200, 5, forMatch))
      .thenThrows(TournamentError, badSignature);
    // A signed date moved.
    const moved = { ...honest, issuedAt: at(5) };
    spec
      .given(live)
      .when(signedSubmit(alice, 4200, 5, moved))
      .thenThrows(TournamentError, badSignature);
  });

  it('refuses a replay of the same nonce, however it comes back', () => {
    const signedResult = game.signResult({ userId: alice, score: 4200 }, 'play-0006', at(4));
    const accepted: TournamentEvent = {
      ...scored(alice, 4200, 1, 5),
      data: { ...scored(alice, 4200, 1, 5).data, resultNonce: 'play-0006' },
    };
    spec
      .given([...live, accepted])
      .when(signedSubmit(alice, 4200, 6, signedResult))
      .thenThrows(TournamentError, 'This signed result was already submitted');
    // Even signed again by the game with the same nonce for another score.
    const again = game.signResult({ userId: alice, score: 5000 }, 'play-0006', at(6));
    spec
      .given([...live, accepted])
      .when(signedSubmit(alice, 5000, 6, again))
      .thenThrows(TournamentError, 'This signed result was already submitted');
  });

  it('refuses a stale result (older than 5 minutes) and one from more than 30 s ahead', () => {
    const old = game.signResult({ userId: alice, score: 4200 }, 'play-0007', at(4));
    spec
      .given(live)
      .when(signedSubmit(alice, 4200, 10, old))
      .thenThrows(TournamentError, 'This signed result has expired: submit the result from the game again');
    const justInTime = game.signResult({ userId: alice, score: 4200 }, 'play-0008', at(5));
    spec
      .given(live)
      .when(signedSubmit(alice, 4200, 10, justInTime))
      .then([
        {
          ...scored(alice, 4200, 1, 10),
          data: { ...scored(alice, 4200, 1, 10).data, resultNonce: 'play-0008' },
        },
      ]);
    const ahead = game.signResult({ userId: alice, score: 4200 }, 'play-0009', at(6));
    spec
      .given(live)
      .when(signedSubmit(alice, 4200, 5, ahead))
      .thenThrows(TournamentError, /has expired/);
  });

  it('a game without a key keeps taking bare numbers (UNVERIFIED), and refuses a signature it cannot check', () => {
    const unsigned = [created(), started(0), joined(alice)];
    spec
      .given(unsigned)
      .when(submit(alice, 4200, 5))
      .then([scored(alice, 4200, 1, 5)]);
    const signedResult = game.signResult({ userId: alice, score: 4200 }, 'play-0010', at(4));
    spec
      .given(unsigned)
      .when(signedSubmit(alice, 4200, 5, signedResult))
      .thenThrows(TournamentError, 'Arcade registered no signing key: submit the score without a signature');
  });
});
