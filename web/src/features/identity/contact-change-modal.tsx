import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { AuthMessages } from '@arena/contracts/auth.messages';
import { SIGN_UP_COUNTRY_CODES, type CodeChannel } from '@arena/contracts/identity.rules';
import { rememberMember } from '../../lib/session';
import { Button, Modal } from '../../ui';
import { authApi } from './auth.api';
import { signUpPhone } from './auth.validation';
import { CodeEntryForm } from './code-field';
import { EmailField } from './email-field';
import { PhoneField } from './phone-field';
import { resendCode } from './resend-code';
import { toastFailure } from './toast-failure';
import { useCodeEntry } from './use-code-entry';
import { usePhoneInput } from './use-phone-input';

const COPY: Record<CodeChannel, { title: string; field: string; invalidCode: string; done: string }> = {
  email: {
    title: 'Change email',
    field: 'New email address',
    invalidCode: AuthMessages.emailCodeInvalid,
    done: 'Email updated successfully!',
  },
  phone: {
    title: 'Change phone',
    field: 'New phone number',
    invalidCode: AuthMessages.phoneCodeInvalid,
    done: 'Phone number updated successfully!',
  },
};

export interface ContactChangeModalProps {
  channel: CodeChannel;
  open: boolean;
  onClose: () => void;
}

/** Change Email / Change Phone: the new address, then the code sent to it. */
export function ContactChangeModal({ channel, open, onClose }: ContactChangeModalProps) {
  return (
    <Modal open={open} title={COPY[channel].title} onClose={onClose}>
      <ContactChangeSteps channel={channel} onDone={onClose} />
    </Modal>
  );
}

interface Pending {
  sessionId: string;
  destination: string;
}

function ContactChangeSteps({ channel, onDone }: { channel: CodeChannel; onDone: () => void }) {
  const [pending, setPending] = useState<Pending>();
  return pending ? (
    <CodeStep channel={channel} pending={pending} onBack={() => setPending(undefined)} onDone={onDone} />
  ) : (
    <AddressStep channel={channel} onSent={setPending} />
  );
}

function AddressStep({ channel, onSent }: { channel: CodeChannel; onSent: (pending: Pending) => void }) {
  const [email, setEmail] = useState('');
  const phone = usePhoneInput(SIGN_UP_COUNTRY_CODES);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = channel === 'email' ? email.trim() : await signUpPhone(phone.countryCode, phone.number);
    if (!value) {
      setError(channel === 'email' ? AuthMessages.emailRequired : AuthMessages.signUpPhoneInvalid);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const answer = await authApi.startContactChange(channel, value);
      const sessionId = answer.data?.sessionId;
      if (!sessionId) throw new Error('No verification session');
      toast.success(answer.message ?? 'Verification code sent!');
      onSent({ sessionId, destination: value });
    } catch (failure) {
      setError(toastFailure(failure, 'Failed to send code'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="muted">
        We send a one-time code to the new {channel === 'email' ? 'address' : 'number'}. Your account changes
        once you enter it.
      </p>
      {channel === 'email' ? (
        <EmailField
          label={COPY.email.field}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
      ) : (
        <PhoneField label={COPY.phone.field} {...phone} error={error} />
      )}
      <Button type="submit" block disabled={sending}>
        {sending ? 'Sending code...' : 'Send Code'}
      </Button>
    </form>
  );
}

interface CodeStepProps {
  channel: CodeChannel;
  pending: Pending;
  onBack: () => void;
  onDone: () => void;
}

function CodeStep({ channel, pending, onBack, onDone }: CodeStepProps) {
  const queryClient = useQueryClient();
  const entry = useCodeEntry(COPY[channel].invalidCode, 'Verification failed');

  const confirm = async (code: string) => {
    const answer = await authApi.confirmContactChange(channel, pending.sessionId, code);
    rememberMember(queryClient, answer.data);
    toast.success(answer.message ?? COPY[channel].done);
    onDone();
  };

  return (
    <>
      <CodeEntryForm entry={entry} verify={confirm}>
        <p className="muted">
          Enter the code we sent to{' '}
          <strong className="contact-change__destination">{pending.destination}</strong>
          <span className="contact-change__validity">It is valid for 10 minutes.</span>
        </p>
      </CodeEntryForm>
      <div className="cluster auth__actions">
        <Button
          variant="secondary"
          onClick={() => void resendCode(() => authApi.resendContactCode(pending.sessionId))}
        >
          Resend Code
        </Button>
        <Button variant="ghost" onClick={onBack}>
          {channel === 'email' ? 'Use another email' : 'Use another number'}
        </Button>
      </div>
    </>
  );
}
