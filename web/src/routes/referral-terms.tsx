import { createFileRoute } from '@tanstack/react-router';
import { referralTerms } from '../features/legal/content/referral-terms';
import { LegalDocumentPage } from '../features/legal/legal-document-page';

export const Route = createFileRoute('/referral-terms')({
  component: () => <LegalDocumentPage document={referralTerms} />,
});
