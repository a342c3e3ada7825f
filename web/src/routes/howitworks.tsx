import { createFileRoute } from '@tanstack/react-router';
import { CompliancePage } from '../features/compliance/compliance-page';

export const Route = createFileRoute('/howitworks')({
  component: CompliancePage,
});
