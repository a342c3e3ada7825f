import { CharityMessages } from '@arena/contracts/charities.messages';
import {
  CONTROL_OR_FORMAT_MESSAGE,
  LINK_OR_ADDRESS_MESSAGE,
  containsLinkOrEmailAddress,
  hasControlOrFormatCharacters,
} from '@arena/contracts/text.rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Button, Modal, TextField, buttonClass } from '../../ui';
import { inviteCharity } from './charities.queries';
import { nameByEinQuery } from './onboarding/ein-lookup.queries';

interface InviteForm {
  name: string;
  email: string;
  ein: string;
}

type InviteErrors = Partial<Record<keyof InviteForm, string>>;

const EMPTY: InviteForm = { name: '', email: '', ein: '' };

const einOf = (value: string) => (/^\d{2}-?\d{7}$/.test(value.trim()) ? value.trim().replace('-', '') : null);

/** The same rules the server applies (inviteCharityBody), checked before sending. */
function check(form: InviteForm, organizationName: string | null | undefined): InviteErrors {
  const errors: InviteErrors = {};
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()))
    errors.email = 'Please enter a valid email address.';
  if (!einOf(form.ein)) errors.ein = CharityMessages.malformedEin;
  else if (organizationName === null) errors.ein = CharityMessages.inviteNeedsDirectoryEin;
  if (hasControlOrFormatCharacters(form.name)) errors.name = CONTROL_OR_FORMAT_MESSAGE;
  else if (containsLinkOrEmailAddress(form.name)) errors.name = LINK_OR_ADDRESS_MESSAGE;
  return errors;
}

/**
 * 'Invite Charity' (spec §2, §3; issue 21): a signed-in member emails a charity of the directory an
 * invitation into onboarding. The charity is named by its EIN and the email carries the directory's name
 * for it, never a typed one. A flood is refused with 429 and the server's message says when to try
 * again; any other failure gets the server's or the spec's text.
 */
export function InviteCharityModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const [form, setForm] = useState<InviteForm>(EMPTY);
  const [errors, setErrors] = useState<InviteErrors>({});
  const ein = einOf(form.ein);
  const organization = useQuery({ ...nameByEinQuery(ein ?? ''), enabled: ein !== null });
  const send = useMutation({
    mutationFn: inviteCharity,
    onSuccess: () => {
      toast.success(CharityMessages.invitationSent);
      onClose();
    },
    onError: (error) => {
      toast.error(
        error instanceof ApiError && (error.status === 429 || error.status === 400)
          ? error.message
          : CharityMessages.invitationFailed,
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
    const found = check(form, ein ? organization.data : undefined);
    setErrors(found);
    if (Object.keys(found).length > 0 || !ein) return;
    send.mutate({ name: form.name.trim(), email: form.email.trim(), ein });
  };

  if (session?.status !== 'member') {
    return (
      <Modal open title="Invite a charity" onClose={onClose}>
        <div className="stack invite-form">
          <p className="muted">Log in to invite a charity: invitations are sent in a member’s name.</p>
          <div className="invite-form__actions">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Link to="/login" className={buttonClass()}>
              Log in
            </Link>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open title="Invite a charity" onClose={send.isPending ? () => undefined : onClose}>
      <form className="stack invite-form" noValidate onSubmit={submit}>
        <p className="muted">
          We email the charity an invitation with a link into onboarding, so it can receive donations from
          tournaments. Choose it by its EIN: the invitation names it as our directory does.
        </p>
        <TextField
          label="Charity EIN"
          inputMode="numeric"
          placeholder="12-3456789"
          required
          maxLength={10}
          {...field('ein')}
        />
        {ein && (
          <p className="muted" aria-live="polite">
            {organization.isPending
              ? 'Looking up the EIN…'
              : organization.data
                ? `Organization: ${organization.data}`
                : CharityMessages.inviteNeedsDirectoryEin}
          </p>
        )}
        <TextField
          label="Charity email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          {...field('email')}
        />
        <TextField label="Greet them as (optional)" autoComplete="off" maxLength={100} {...field('name')} />
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
