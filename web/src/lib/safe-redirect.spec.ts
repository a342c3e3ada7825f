import { afterSignIn, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeRedirect('/challenges/12')).toBe('/challenges/12');
    expect(safeRedirect('/donate?charity=12-3456789#amount')).toBe('/donate?charity=12-3456789#amount');
    expect(safeRedirect('/subscription')).toBe('/subscription');
  });

  it('refuses every way out to another origin', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/path',
      'https://evil.example',
      'http:evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /profile',
      'profile',
      '',
    ]) {
      expect(safeRedirect(value)).toBeUndefined();
    }
  });

  it('refuses values that are not strings and the sign-in pages themselves', () => {
    for (const value of [
      undefined,
      null,
      12,
      ['/profile'],
      '/login',
      '/login-verify?sessionId=x',
      '/create-account',
    ]) {
      expect(safeRedirect(value)).toBeUndefined();
    }
  });

  it('lands on the profile when there is nowhere safe to go back to', () => {
    expect(afterSignIn('//evil.example')).toBe('/profile');
    expect(afterSignIn(undefined)).toBe('/profile');
    expect(afterSignIn('/ledger')).toBe('/ledger');
  });
});
