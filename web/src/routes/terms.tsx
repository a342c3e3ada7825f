import { createFileRoute } from '@tanstack/react-router';
import { termsOfUse } from '../features/legal/content/terms';
import { LegalDocumentPage } from '../features/legal/legal-document-page';

export const Route = createFileRoute('/terms')({
  component: () => <LegalDocumentPage document={termsOfUse} />,
});
