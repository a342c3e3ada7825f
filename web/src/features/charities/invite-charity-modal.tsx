import { CharityMessages } from '@arena/contracts/charities.messages';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api-client';
import { Button, Modal, TextField } from '../../ui';
import { inviteCharity } from './charities.queries';

interface InviteForm {
  name: string;
  email: string;
  organizationName: string;
  ein: string;
}

type InviteErrors = Partial<Record<keyof InviteForm, string>>;

const EMPTY: InviteForm = { name: '', email: '', organizationName: '', ein: '' };

/** The same rules the server applies (inviteCharityBody), checked before sending. */
function check(form: InviteForm): InviteErrors {
  const errors: InviteErrors = {};
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()))
    errors.email = 'Please enter a valid email address.';
  if (!form.organizationName.trim()) errors.organizationName = 'Organization name is required';
  if (form.ein.trim() && !/^\d{2}-?\d{7}$/.test(form.ein.trim())) errors.ein = CharityMessages.malformedEin;
  return errors;
}

/**
 * 'Invite Charity' (spec §2, §3): emails a charity an invitation into onboarding. A flood is refused
 * with 429 and the server's message says when to try again; any other failure gets the spec's text.
 */
export function InviteCharityModal({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState<InviteForm>(EMPTY);
  const [errors, setErrors] = useState<InviteErrors>({});
  const send = useMutation({
    mutationFn: inviteCharity,
    onSuccess: () => {
      toast.success(CharityMessages.invitationSent);
      onClose();
    },
    onError: (error) => {
      toast.error(
        error instanceof ApiError && error.status === 429 ? error.message : CharityMessages.invitationFailed,
      );
    },
  });

  const field = (key: keyof InviteForm) => ({
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((prev) => ({ ...prev, [key]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate({
      name: form.name.trim(),
      email: form.email.trim(),
      organizationName: form.organizationName.trim(),
      ein: form.ein.trim() || undefined,
    });
  };

  return (
    <Modal open title="Invite a charity" onClose={send.isPending ? () => undefined : onClose}>
      <form className="stack invite-form" noValidate onSubmit={submit}>
        <p className="muted">
          We email the charity an invitation with a link into onboarding, so it can receive donations from
          tournaments.
        </p>
        <TextField label="Your name" autoComplete="name" maxLength={100} {...field('name')} />
        <TextField
          label="Charity email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          {...field('email')}
        />
        <TextField label="Organization name" required maxLength={200} {...field('organizationName')} />
        <TextField
          label="EIN (optional)"
          inputMode="numeric"
          placeholder="12-3456789"
          maxLength={10}
          {...field('ein')}
        />
        <div className="invite-form__actions">
          <Button variant="ghost" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
