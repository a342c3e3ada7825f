export type LegalBlock = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };

export interface LegalSection {
  id: string;
  title: string;
  body: LegalBlock[];
}

export interface LegalDocument {
  slug: 'privacy-policy' | 'terms' | 'referral-terms';
  title: string;
  version: string;
  effectiveDate: string;
  lastUpdated: string;
  overview: string[];
  sections: LegalSection[];
}
