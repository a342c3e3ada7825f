import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CreateAccountPage } from '../features/identity/create-account-page';
import { requireGuest } from '../lib/session';
import { tokenStorage } from '../lib/tokens';

const createAccountSearch = z.object({
  ref: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))), undefined),
});

export const Route = createFileRoute('/create-account')({
  validateSearch: createAccountSearch,
  beforeLoad: requireGuest,
  component: CreateAccountRoute,
});

function CreateAccountRoute() {
  const { ref } = Route.useSearch();
  return <CreateAccountPage referralCode={ref ?? tokenStorage.referralCode() ?? undefined} />;
}
