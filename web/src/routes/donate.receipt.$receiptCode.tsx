import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../features/donations/receipt-page';

export const Route = createFileRoute('/donate/receipt/$receiptCode')({
  component: ReceiptRoute,
});

function ReceiptRoute() {
  return <ReceiptPage receiptCode={Route.useParams().receiptCode} />;
}
