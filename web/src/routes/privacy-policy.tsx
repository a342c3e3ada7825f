import { createFileRoute } from '@tanstack/react-router';
import { privacyPolicy } from '../features/legal/content/privacy-policy';
import { LegalDocumentPage } from '../features/legal/legal-document-page';

export const Route = createFileRoute('/privacy-policy')({
  component: () => <LegalDocumentPage document={privacyPolicy} />,
});
