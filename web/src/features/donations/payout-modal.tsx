import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payoutRequestBody } from '@arena/contracts/donations.contract';
import { DonationMessages as M } from '@arena/contracts/donations.messages';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, Modal, TextField } from '../../ui';
import { favoritesQuery } from '../charities/charities.queries';
import { einDigits } from '../charities/charity-format';
import { centsFromDollars, dollars } from './donation-format';
import { donationKeys, donationsApi } from './donations.queries';

export interface PayoutModalProps {
  memberId: string;
  directableCents: number;
  onClose: () => void;
}

const OTHER = 'other';

/**
 * 'Request Charity Payout' (spec §5, §8): a charity from the member's favorites or by EIN, and an amount
 * up to the directable balance. Mounted per opening, so its requestId is new each time the modal opens and
 * the same for every retry inside it: a double click directs once.
 */
export function PayoutModal({ memberId, directableCents, onClose }: PayoutModalProps) {
  const queryClient = useQueryClient();
  const selectId = useId();
  const [requestId] = useState(() => crypto.randomUUID());
  const favorites = useQuery(favoritesQuery(memberId));
  const [choice, setChoice] = useState('');
  const [otherEin, setOtherEin] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();

  const request = useMutation({
    mutationFn: donationsApi.requestPayout,
    onSuccess: async () => {
      toast.success(M.payoutRequested);
      onClose();
      await queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
    onError: (failure) => setError(failure.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const charityEin = choice === OTHER ? otherEin.trim() : choice;
    const amountCents = centsFromDollars(amount);
    if (!charityEin || amountCents <= 0) {
      setError(M.invalidCharityAndAmount);
      return;
    }
    if (amountCents > directableCents) {
      setError(M.payoutOverBalance);
      return;
    }
    const parsed = payoutRequestBody.safeParse({ requestId, charityEin, amountCents });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.invalidCharityAndAmount);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data);
  };

  return (
    <Modal open title="Request Charity Payout" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <p className="muted">You can direct up to {dollars(directableCents)} to a verified nonprofit.</p>
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            Charity
          </label>
          <select
            id={selectId}
            className="input"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">Choose a charity</option>
            {(favorites.data ?? []).map((favorite) => (
              <option key={favorite.id} value={einDigits(favorite.charity.ein)}>
                {favorite.charity.name}
              </option>
            ))}
            <option value={OTHER}>Another charity (by EIN)</option>
          </select>
        </div>
        {choice === OTHER && (
          <TextField
            label="Charity EIN"
            inputMode="numeric"
            placeholder="12-3456789"
            value={otherEin}
            onChange={(event) => setOtherEin(event.target.value)}
          />
        )}
        <TextField
          label="Amount (US dollars)"
          type="number"
          inputMode="decimal"
          min={1}
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="cluster">
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Requesting…' : 'Request payout'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
