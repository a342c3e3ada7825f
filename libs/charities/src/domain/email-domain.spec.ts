import { emailDomain, emailMatchesWebsite, websiteHost } from './email-domain';

describe('the charity email must be on the domain of the website on record', () => {
  it.each([
    ['info@redcross.org', 'www.redcross.org'],
    ['info@redcross.org', 'https://www.redcross.org/donate?x=1'],
    ['INFO@RedCross.ORG', 'http://WWW.REDCROSS.ORG'],
    ['desk@mail.redcross.org', 'redcross.org'],
    ['info@redcross.org.', 'redcross.org'],
    ['kontakt@bücher.de', 'https://www.xn--bcher-kva.de'],
    ['kontakt@xn--bcher-kva.de', 'bücher.de'],
  ])('%s for %s: the code may go', (email, website) => {
    expect(emailMatchesWebsite(email, website)).toBe(true);
  });

  it.each([
    ['info@redcross.org.evil.com', 'www.redcross.org', 'the site as a subdomain of another'],
    ['info@evilredcross.org', 'www.redcross.org', 'a longer name ending like it'],
    ['info@rеdcross.org', 'www.redcross.org', 'a Cyrillic е'],
    ['info@redcross.com', 'www.redcross.org', 'another suffix'],
    ['info@example.org', 'give.example.org', 'a parent of the site (no public suffix list)'],
    ['info@org.uk', 'www.oxfam.org.uk', 'a public suffix'],
    ['info@redcross.org', null, 'no website on record'],
    ['info@redcross.org', 'not a url', 'an unusable website'],
    ['info@127.0.0.1', 'http://127.0.0.1', 'an address'],
    ['"a@redcross.org"@evil.com', 'redcross.org', 'a quoted local part'],
    ['nobody', 'redcross.org', 'no domain'],
  ])('%s for %s: held for review (%s)', (email, website, _why) => {
    expect(emailMatchesWebsite(email, website)).toBe(false);
  });

  it('reads hosts and domains as DNS compares them', () => {
    expect(websiteHost('WWW.Example.ORG/path')).toBe('example.org');
    expect(emailDomain('a@Bücher.DE')).toBe('xn--bcher-kva.de');
  });
});
