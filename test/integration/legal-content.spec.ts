import { complianceSections } from '../../web/src/features/compliance/content';
import type { LegalBlock, LegalDocument, LegalSection } from '../../web/src/features/legal/legal-document';
import { privacyPolicy } from '../../web/src/features/legal/content/privacy-policy';
import { referralTerms } from '../../web/src/features/legal/content/referral-terms';
import { termsOfUse } from '../../web/src/features/legal/content/terms';
import { referralFaq, referralRewards, referralSteps } from '../../web/src/features/referral/content';

const blockText = (block: LegalBlock): string => (block.kind === 'p' ? block.text : block.items.join('\n'));
const sectionText = (section: LegalSection): string =>
  [section.title, ...section.body.map(blockText)].join('\n');
const documentText = (doc: LegalDocument): string =>
  [doc.title, ...doc.overview, ...doc.sections.map(sectionText)].join('\n');
const sectionById = (doc: LegalDocument, id: string): string => {
  const section = doc.sections.find((s) => s.id === id);
  if (!section) throw new Error(`${doc.slug} has no section ${id}`);
  return sectionText(section);
};

const documents = [
  { doc: privacyPolicy, slug: 'privacy-policy', title: 'Privacy Policy', version: 'v1.0', sections: 15 },
  { doc: termsOfUse, slug: 'terms', title: 'Terms of Use', version: 'v2.0', sections: 13 },
  {
    doc: referralTerms,
    slug: 'referral-terms',
    title: 'Referral Program Terms',
    version: 'v1.0',
    sections: 7,
  },
];

// Checked over all documents together: not every document refers to a section or states a price, but the set must.
describe('the legal documents together', () => {
  it('refer only to their own sections that exist', () => {
    const references = documents.flatMap(({ doc, sections }) =>
      [...documentText(doc).matchAll(/\bsections? (\d+)(?![\d(])(?: and (\d+))?/g)]
        .flatMap((m) => [m[1], m[2]].filter((n): n is string => n !== undefined))
        .map((n) => ({ document: doc.slug, section: Number(n), sections })),
    );

    expect(references.length).toBeGreaterThan(0);
    references.forEach((reference) => expect(reference.section).toBeLessThanOrEqual(reference.sections));
  });

  it('state only the published plan prices', () => {
    const prices = documents.flatMap(
      ({ doc }) => documentText(doc).match(/\$\d+(?:\.\d{2})?(?=\/month)/g) ?? [],
    );

    expect(prices.length).toBeGreaterThan(0);
    prices.forEach((price) => expect(['$0', '$4.99', '$9.99']).toContain(price));
  });
});

describe.each(documents)('$title', ({ doc, slug, title, version, sections }) => {
  it('carries the slug, title, version and dates the legal pages show', () => {
    expect(doc).toMatchObject({
      slug,
      title,
      version,
      effectiveDate: 'October 24, 2025',
      lastUpdated: 'October 24, 2025',
    });
  });

  it(`has exactly ${sections} sections, with titles the page numbers itself`, () => {
    expect(doc.sections).toHaveLength(sections);
    doc.sections.forEach((section) => expect(section.title).toMatch(/^[A-Z]/));
  });

  it('uses unique kebab-case section ids', () => {
    const ids = doc.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    ids.forEach((id) => expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/));
  });

  it('has an overview and no empty section, paragraph or list', () => {
    expect(doc.overview.length).toBeGreaterThan(0);
    doc.overview.forEach((p) => expect(p.trim()).not.toBe(''));
    for (const section of doc.sections) {
      expect(section.body.length).toBeGreaterThan(0);
      for (const block of section.body) {
        if (block.kind === 'p') expect(block.text.trim()).not.toBe('');
        else {
          expect(block.items.length).toBeGreaterThan(0);
          block.items.forEach((item) => expect(item.trim()).not.toBe(''));
        }
      }
    }
  });

  it('names the company consistently', () => {
    expect(documentText(doc)).toContain('Charity Arena');
  });
});

describe('Terms of Use statements', () => {
  const text = documentText(termsOfUse);

  it.each([
    'fundraising facilitator',
    'not gambling',
    'not a sweepstake or a lottery',
    'not an investment',
    'skill',
    'from its own revenue',
    'not tax-deductible',
    'never receive cash, gift cards or prizes',
    'verified US 501(c)(3) nonprofits',
    'United States only',
    '18 or older',
    'age of majority',
    'Free: $0/month',
    'Premium: $4.99/month',
    'Premium+: $9.99/month',
    'renew automatically each month until you cancel',
    'Cancellation takes effect at the end of the period',
    'within 30 days',
    'Charitable disbursements are final',
    'non-refundable',
    'except as required by law',
    'State of Wyoming',
    'in the 12 months before',
    'Platform-Held (Pending Transfer Window)',
    'Verified with the payment provider (Pending Nonprofit Receipt)',
    'Cleared to Nonprofit (Payment Transfer Confirmed)',
  ])('says %j', (phrase) => {
    expect(text).toContain(phrase);
  });

  it('treats direct gifts as going to the platform-held pool without promising a deduction', () => {
    const directGifts = sectionById(termsOfUse, 'direct-gifts');
    expect(directGifts).toContain('platform-held donation pool');
    expect(directGifts).toContain('cannot tell you that a direct gift is tax-deductible');
    expect(text).not.toMatch(/\bis tax-deductible for you\b|\bare tax-deductible\b/);
  });
});

describe('Privacy Policy statements', () => {
  const text = documentText(privacyPolicy);

  it.each([
    'username, email address and mobile phone number',
    'one-time code',
    'score',
    'never receives or stores your full card number',
    'public IRS records',
    'charity rating service',
    'Email and SMS delivery providers',
    'do not receive your email address or phone number unless you opt in',
    'local storage',
    'access token and a refresh token',
    'children under 13',
    'We do not sell your personal information',
  ])('says %j', (phrase) => {
    expect(text).toContain(phrase);
  });

  it('covers access, correction and deletion', () => {
    const rights = sectionById(privacyPolicy, 'your-rights-and-choices');
    ['Access', 'Correct', 'Delete'].forEach((right) => expect(rights).toContain(right));
  });
});

describe('Referral Program Terms statements', () => {
  const text = documentText(referralTerms);

  it.each([
    'active members in good standing',
    '10% recurring share',
    "equal to the referred member's first month's subscription",
    'payment has succeeded',
    '30-day refund period',
    "Both your account and the referred member's account are still active",
    'Rewards are paid monthly',
  ])('says %j', (phrase) => {
    expect(text).toContain(phrase);
  });

  it.each(['Refer yourself', 'fake or duplicate accounts', 'spam', 'charged back', 'with notice'])(
    'forbids or warns about %j',
    (phrase) => {
      expect(text).toContain(phrase);
    },
  );
});

describe('How it works accordions', () => {
  it('are the four compliance sections, in order', () => {
    expect(complianceSections.map((s) => s.title)).toEqual([
      'Terms',
      'Donation & Disbursement Policy',
      'Billing & Refunds',
      'Eligibility & Geography',
    ]);
    expect(new Set(complianceSections.map((s) => s.id)).size).toBe(4);
  });

  it('point to the sections of the full documents that cover each topic', () => {
    const sectionAt = (doc: LegalDocument, n: number) => doc.sections[n - 1]?.id;
    const text = complianceSections.map(sectionText).join('\n');
    expect(text).toContain('sections 7 and 8 of the Terms of Use');
    expect([sectionAt(termsOfUse, 7), sectionAt(termsOfUse, 8)]).toEqual([
      'donations-and-disbursements',
      'direct-gifts',
    ]);
    expect(text).toContain('sections 4 and 5 of the Terms of Use');
    expect([sectionAt(termsOfUse, 4), sectionAt(termsOfUse, 5)]).toEqual([
      'memberships-and-billing',
      'refunds',
    ]);
    expect(text).toContain('section 3 of the Terms of Use and section 13 of the Privacy Policy');
    expect([sectionAt(termsOfUse, 3), sectionAt(privacyPolicy, 13)]).toEqual([
      'eligibility-and-accounts',
      'childrens-privacy',
    ]);
  });

  it('agree with the full documents on the key facts', () => {
    const text = complianceSections.map(sectionText).join('\n');
    [
      'fundraising facilitator',
      'not tax-deductible',
      'platform-held donation pool',
      '$4.99/month',
      '$9.99/month',
      'within 30 days',
      '18 or older',
      'United States only',
      'children under 13',
    ].forEach((phrase) => expect(text).toContain(phrase));
  });
});

describe('Referral page content', () => {
  it('offers the recurring reward as option 1 and the one-time reward as option 2', () => {
    expect(referralRewards.map((r) => r.option)).toEqual([1, 2]);
    expect(referralRewards[0]?.summary).toContain('10% recurring share');
    expect(referralRewards[1]?.summary).toContain("first month's subscription");
  });

  it('explains the steps and answers 6 to 10 questions', () => {
    expect(referralSteps.length).toBeGreaterThanOrEqual(3);
    expect(referralFaq.length).toBeGreaterThanOrEqual(6);
    expect(referralFaq.length).toBeLessThanOrEqual(10);
    referralFaq.forEach(({ question, answer }) => {
      expect(question).toMatch(/\?$/);
      expect(answer.trim()).not.toBe('');
    });
  });
});
