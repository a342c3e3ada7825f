import { createFileRoute } from '@tanstack/react-router';
import { DevMailboxPage } from '../../features/identity/dev-mailbox-page';

export const Route = createFileRoute('/dev/mailbox')({
  component: DevMailboxPage,
});
