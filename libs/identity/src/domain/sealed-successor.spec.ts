import { openSuccessor, sealSuccessor } from './sealed-successor';

describe('a rotated refresh token’s sealed successor', () => {
  const pair = { accessToken: 'access.jwt.value', refreshToken: 'next-refresh-token' };

  it('opens with the spent token it was sealed under', () => {
    expect(openSuccessor('spent-token', sealSuccessor('spent-token', pair))).toEqual(pair);
  });

  it('stays shut for any other token and for tampered bytes', () => {
    const sealed = sealSuccessor('spent-token', pair);
    expect(openSuccessor('another-token', sealed)).toBeUndefined();
    const tampered = Buffer.from(sealed, 'base64url');
    tampered[tampered.length - 1]! ^= 1;
    expect(openSuccessor('spent-token', tampered.toString('base64url'))).toBeUndefined();
  });

  it('holds no readable token', () => {
    expect(sealSuccessor('spent-token', pair)).not.toContain('next-refresh-token');
  });
});
