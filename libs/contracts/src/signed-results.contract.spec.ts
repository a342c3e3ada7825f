import { generateKeyPairSync } from 'node:crypto';
import { ed25519PublicKey, signedResult, signedResultMessage } from './signed-results.contract';
import { scoreVerificationText } from './tournaments.rules';

describe('signed results of external games', () => {
  it('signs one fixed text: every field on its own line, in one order, no trailing newline', () => {
    expect(
      signedResultMessage({
        tournamentId: '4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b',
        matchId: null,
        memberId: '11111111-1111-4111-8111-111111111111',
        score: 4200,
        completed: true,
        nonce: 'play-0001',
        issuedAt: '2026-11-22T12:04:00.000Z',
      }),
    ).toBe(
      [
        'charity-arena-result-v1',
        'tournament:4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b',
        'match:-',
        'member:11111111-1111-4111-8111-111111111111',
        'score:4200',
        'completed:true',
        'nonce:play-0001',
        'issuedAt:2026-11-22T12:04:00.000Z',
      ].join('\n'),
    );
  });

  it("takes a JWK's x as the key, and refuses anything else", () => {
    const x = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!;
    expect(ed25519PublicKey.safeParse(x).success).toBe(true);
    expect(ed25519PublicKey.safeParse(`${x}=`).success).toBe(false);
    expect(ed25519PublicKey.safeParse(x.slice(1)).success).toBe(false);
  });

  it('takes issuedAt only in the one form it is signed in', () => {
    const valid = { nonce: 'play-0001', issuedAt: '2026-11-22T12:04:00.000Z', signature: 'A'.repeat(86) };
    expect(signedResult.safeParse(valid).success).toBe(true);
    for (const issuedAt of ['2026-11-22T12:04:00Z', '2026-11-22T13:04:00.000+01:00'])
      expect(signedResult.safeParse({ ...valid, issuedAt }).success).toBe(false);
    expect(signedResult.safeParse({ ...valid, nonce: 'short' }).success).toBe(false);
  });

  it('names every check a member is told about, and an unknown one unverified', () => {
    expect(scoreVerificationText('REPLAY')).toMatchObject({ label: 'Verified by replay', verified: true });
    expect(scoreVerificationText('SIGNED')).toMatchObject({ label: 'Signed by the game', verified: true });
    expect(scoreVerificationText('UNVERIFIED')).toMatchObject({
      label: 'Unverified scores',
      verified: false,
    });
    expect(scoreVerificationText('SOMETHING_NEW')).toMatchObject({ verified: false });
  });
});
