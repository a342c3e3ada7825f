import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { AuthMessages } from '@arena/contracts/auth.messages';
import { LOGIN_COUNTRY_CODES, type CodeChannel } from '@arena/contracts/identity.rules';
import { Button, Tabs } from '../../ui';
import { authApi } from './auth.api';
import { AuthPanel } from './auth-panel';
import { loginPhone } from './auth.validation';
import { EmailField } from './email-field';
import { PhoneField } from './phone-field';
import { toastFailure } from './toast-failure';
import { usePhoneInput } from './use-phone-input';

/** `redirect` (already checked by the route) travels on to /login-verify, which returns there. */
export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const [channel, setChannel] = useState<CodeChannel>('phone');
  const phone = usePhoneInput(LOGIN_COUNTRY_CODES);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const selectChannel = (next: CodeChannel) => {
    setChannel(next);
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emailOrPhone =
      channel === 'phone' ? await loginPhone(phone.countryCode, phone.number) : email.trim() || undefined;
    if (!emailOrPhone) {
      setError(channel === 'phone' ? AuthMessages.loginPhoneInvalid : AuthMessages.loginEmailRequired);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const answer = await authApi.login(emailOrPhone);
      toast.success(`Verification code sent! Check your ${channel}.`);
      const sessionId = answer.data?.sessionId;
      await navigate(
        sessionId
          ? { to: '/login-verify', search: { sessionId, channel, redirect } }
          : { to: '/login-verify', search: { redirect } },
      );
    } catch (failure) {
      setError(toastFailure(failure, 'Failed to send code'));
    } finally {
      setSending(false);
    }
  };

  const form = (field: ReactNode) => (
    <form className="auth__form" onSubmit={submit} noValidate>
      {field}
      <Button type="submit" block disabled={sending}>
        {sending ? 'Sending code...' : 'Send Code'}
      </Button>
    </form>
  );

  return (
    <AuthPanel
      title="Log in"
      lead="We send a one-time code to your phone or email. No password needed."
      footer={
        <p>
          New to Charity Arena? <Link to="/create-account">Create an account</Link>
        </p>
      }
    >
      <Tabs
        label="Log in with"
        selected={channel}
        onSelect={selectChannel}
        items={[
          {
            key: 'phone',
            label: 'Phone',
            panel: form(<PhoneField label="Phone number" {...phone} error={error} />),
          },
          {
            key: 'email',
            label: 'Email',
            panel: form(
              <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={error} />,
            ),
          },
        ]}
      />
    </AuthPanel>
  );
}
