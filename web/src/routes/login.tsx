import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/identity/login-page';
import { requireGuest } from '../lib/session';

export const Route = createFileRoute('/login')({
  beforeLoad: requireGuest,
  component: LoginPage,
});
