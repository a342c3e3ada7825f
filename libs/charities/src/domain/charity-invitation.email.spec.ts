import { escapeHtml } from '@arena/text';
import { ANONYMOUS_INVITER, invitationEmail, oneLine, onboardingLink } from './charity-invitation.email';

const base = {
  inviter: 'ada',
  recipientName: 'Dana',
  organizationName: 'Harbor Food Bank',
  ein: '123456789',
  publicUrl: 'https://arena.example.org',
};

describe('the invitation email', () => {
  it('links into onboarding with the EIN when there is one', () => {
    expect(onboardingLink('https://arena.example.org', '123456789')).toBe(
      'https://arena.example.org/charity-onboarding?ein=123456789',
    );
    expect(onboardingLink('http://localhost:3000/', undefined)).toBe(
      'http://localhost:3000/charity-onboarding',
    );
  });

  it("is signed by the member's username, or by 'A Charity Arena member' for a guest", () => {
    expect(invitationEmail(base).text).toContain('ada invited Harbor Food Bank');
    expect(invitationEmail({ ...base, inviter: undefined }).text).toContain(
      `${ANONYMOUS_INVITER} invited Harbor Food Bank`,
    );
  });

  it('greets the organization when no name was given', () => {
    expect(invitationEmail({ ...base, recipientName: '  ' }).text.startsWith('Hello Harbor Food Bank,')).toBe(
      true,
    );
  });

  it("flattens a stranger's text to one capped line, so it cannot add lines or headers", () => {
    expect(oneLine('a\r\nBcc: x@y.z\u0000\u2028\u202Eb\t c', 100)).toBe('a Bcc: x@y.z b c');
    expect(oneLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
    const email = invitationEmail({ ...base, organizationName: 'Org\r\nSubject: won' });
    expect(email.subject).toBe('Your charity is invited to Charity Arena');
    expect(email.text).toContain('invited Org Subject: won to');
  });

  it('escapes the HTML part, and keeps the plain part as typed', () => {
    const email = invitationEmail({ ...base, organizationName: '<script>alert("x")</script> & Co' });
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain('<script>alert("x")</script> & Co');
    expect(email.html).toContain('<a href="https://arena.example.org/charity-onboarding?ein=123456789">');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});
