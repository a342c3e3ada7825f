import { inviteCharityBody, stripeLinkBody } from './charities.contract';
import { containsLinkOrEmailAddress, hasControlOrFormatCharacters } from './text.rules';

describe('names people type for others to read', () => {
  it.each([
    '\u202E',
    'Red\u200BCross',
    'Red Cross\u202Eorez',
    '\u2066Red\u2069',
    'Red\u0007Cross',
    'Re\uFEFFd',
  ])('refuses format and control characters: %j', (name) => {
    expect(hasControlOrFormatCharacters(name)).toBe(true);
    const body = { ein: '530196605', organizationName: name, email: 'a@b.org' };
    expect(stripeLinkBody.safeParse(body).success).toBe(false);
  });

  it.each([
    'American Red Cross',
    'St. Jude Children’s Research Hospital',
    'Médecins Sans Frontières',
    'U.S.A. Fund',
  ])('keeps ordinary names: %s', (name) => {
    expect(hasControlOrFormatCharacters(name)).toBe(false);
    expect(containsLinkOrEmailAddress(name)).toBe(false);
  });

  it.each([
    'Visit https://evil.example now',
    'www.evil',
    'claim at evil.com',
    'bit.ly/x',
    'write to a@b.org',
    'mailto:a',
    'javascript:alert(1)',
    'Dear friend, see пример.рф',
  ])('an invitation’s name refuses links and addresses: %s', (name) => {
    expect(containsLinkOrEmailAddress(name)).toBe(true);
    expect(inviteCharityBody.safeParse({ name, email: 'x@y.org', ein: '530196605' }).success).toBe(false);
  });
});
