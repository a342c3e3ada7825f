import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteAccountBody } from '@arena/contracts/account.contract';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Badge, Button, Card, Modal, Skeleton, TextField } from '../../ui';
import { accountApi, accountKeys, signInsQuery } from './account.queries';
import { failureMessage } from './auth.validation';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function SignIns({ memberId }: { memberId: string }) {
  const queryClient = useQueryClient();
  const sessions = useQuery(signInsQuery(memberId));
  const signOutOthers = useMutation({
    mutationFn: accountApi.signOutOthers,
    onSuccess: async ({ signedOut }) => {
      toast.success(
        signedOut === 0
          ? 'No other sessions were signed in'
          : `Signed out ${signedOut} other ${signedOut === 1 ? 'session' : 'sessions'}`,
      );
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions(memberId) });
    },
    onError: (failure) => toast.error(failureMessage(failure, 'Failed to sign out other sessions')),
  });

  if (sessions.isPending) return <Skeleton lines={2} />;
  if (sessions.isError) {
    return (
      <div className="cluster">
        <p className="muted">Your sign-ins could not be loaded.</p>
        <Button variant="secondary" onClick={() => void sessions.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <>
      <ul className="security__sessions" aria-label="Active sign-ins">
        {sessions.data.map((session) => (
          <li key={session.id} className="security__session">
            <span className="security__device">
              {session.device}
              {session.current && <Badge>This device</Badge>}
            </span>
            <span className="security__meta">
              {session.address ?? 'Unknown address'} · signed in {when(session.createdAt)} · last active{' '}
              {when(session.lastUsedAt)}
            </span>
          </li>
        ))}
      </ul>
      <div className="cluster">
        <Button
          variant="secondary"
          disabled={others === 0 || signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          Sign out other sessions
        </Button>
        {others === 0 && <span className="muted">You are signed in on this device only.</span>}
      </div>
    </>
  );
}

function DeleteAccountModal({
  username,
  onClose,
  onDeleted,
}: {
  username: string;
  onClose: () => void;
  onDeleted: (erasesAt: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const remove = useMutation({
    mutationFn: accountApi.deleteAccount,
    onSuccess: ({ erasesAt }) => onDeleted(erasesAt),
    onError: (failure) => setError(failureMessage(failure, 'Failed to delete your account')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteAccountBody.safeParse({ confirmUsername: typed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data.confirmUsername.replace(/^@/, '') !== username) {
      setError(`Type your username, ${username}, exactly to confirm.`);
      return;
    }
    setError(undefined);
    remove.mutate(username);
  };

  return (
    <Modal open title="Delete account" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <p>Deleting your account:</p>
        <ul className="security__consequences">
          <li>signs you out everywhere, now;</li>
          <li>voids referral rewards still inside their refund period;</li>
          <li>erases your personal data after 30 days;</li>
          <li>keeps the public donation ledger's entries, with your name removed.</li>
        </ul>
        <TextField
          label="Type your username to confirm"
          placeholder={username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          error={error}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="cluster">
          <Button type="submit" className="security__danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The profile's Security & Settings (spec §2 "Profile"): active sign-ins, signing the others out, deleting the account. */
export function SecuritySection({
  memberId,
  username,
  onAccountDeleted,
}: {
  memberId: string;
  username: string;
  onAccountDeleted: (erasesAt: string) => void;
}) {
  const [deleting, setDeleting] = useState(0);
  return (
    <Card as="section" className="profile__section" aria-labelledby="profile-security">
      <h2 id="profile-security" className="card__title">
        Security &amp; Settings
      </h2>
      <div className="stack">
        <h3 className="security__subtitle">Active sign-ins</h3>
        <SignIns memberId={memberId} />
        <h3 className="security__subtitle">Delete account</h3>
        <p className="muted">Close your account for good. Your personal data is erased 30 days later.</p>
        <div className="cluster">
          <Button
            variant="secondary"
            className="security__danger-outline"
            onClick={() => setDeleting(deleting + 1)}
          >
            Delete Account
          </Button>
        </div>
      </div>
      {deleting > 0 && (
        <DeleteAccountModal
          key={deleting}
          username={username}
          onClose={() => setDeleting(0)}
          onDeleted={onAccountDeleted}
        />
      )}
    </Card>
  );
}
