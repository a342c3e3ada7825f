import { CharityMessages } from '@arena/contracts/charities.messages';
import { LOGO_TYPES } from '@arena/contracts/charities.rules';
import type { OnboardingStatus } from '@arena/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client';
import { Button, Modal } from '../../../ui';
import { CharityMark } from '../charity-mark';
import { onboardingApi } from './onboarding.queries';
import { logoFileProblem } from './onboarding.rules';

/** The file as a data URL, as the logo call takes it. */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * "Logo" of a charity its member manages (issue 23): the current logo (or the monogram), and a file
 * input that uploads the chosen image at once. Others see the logo once the charity is published.
 */
export function CharityLogoForm({ charity }: { charity: OnboardingStatus }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [error, setError] = useState<string>();
  const upload = useMutation({
    mutationFn: async (file: File) => onboardingApi.replaceLogo(charity.charityId, await readAsDataUrl(file)),
    onSuccess: () => {
      setError(undefined);
      toast.success(CharityMessages.logoUpdated);
      // The managed list and the public screens show the new URL.
      void queryClient.invalidateQueries({ queryKey: ['charities'] });
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? failure.message : CharityMessages.failedToUpdateLogo),
  });

  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => onboardingApi.removeLogo(charity.charityId),
    onSuccess: () => {
      setError(undefined);
      setConfirming(false);
      toast.success(CharityMessages.logoRemoved);
      void queryClient.invalidateQueries({ queryKey: ['charities'] });
    },
    onError: (failure) => {
      setConfirming(false);
      setError(failure instanceof ApiError ? failure.message : CharityMessages.failedToRemoveLogo);
    },
  });
  const busy = upload.isPending || remove.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = logoFileProblem(file);
    setError(problem);
    if (!problem) upload.mutate(file);
  };

  return (
    <div className="charity-logo-form">
      <CharityMark name={charity.organizationName} ein={charity.ein} logoUrl={charity.logoUrl} size="large" />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {charity.logoUrl ? 'Change logo' : 'Upload logo'}
        </label>
        <input
          id={inputId}
          type="file"
          accept={LOGO_TYPES.join(',')}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          onChange={choose}
        />
        <p id={`${inputId}-hint`} className="field__hint">
          {upload.isPending
            ? 'Uploading...'
            : 'PNG, JPEG or WebP, at most 256 KB. Shown on your profile and in search once the charity is published.'}
        </p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        {charity.logoUrl && (
          <Button
            variant="secondary"
            size="small"
            className="charity-logo-form__remove"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Remove logo
          </Button>
        )}
      </div>
      <Modal open={confirming} title="Remove logo" onClose={() => setConfirming(false)}>
        <div className="stack">
          <p>
            {charity.organizationName} will show its initials instead of the logo on its profile, in search
            and on leaderboards. You can upload a logo again at any time.
          </p>
          <div className="cluster">
            <Button disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Removing…' : 'Remove logo'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
