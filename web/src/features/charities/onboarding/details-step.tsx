import { CharityMessages } from '@arena/contracts/charities.messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, TextField } from '../../../ui';
import { saveDraft } from './onboarding-storage';
import { TextAreaField } from './text-area-field';
import { nameByEinQuery } from './ein-lookup.queries';
import {
  detailsErrors,
  displayEin,
  einDigits,
  type DetailsErrors,
  type OrganizationDetails,
} from './onboarding.rules';

export interface DetailsStepProps {
  /** What was typed before (a step back, or the draft kept across the provider's form). */
  initial: OrganizationDetails | null;
  /** The EIN of an invitation link. */
  invitedEin?: string;
  /** Suggested as the charity's email when nothing was typed yet. */
  memberEmail: string;
  onBack: () => void;
  onDone: (details: OrganizationDetails) => void;
}

/**
 * Step 2: EIN and organization name (required, trimmed), description, and the charity's email, where the
 * code of step 4 goes. A known EIN's name is the directory's and cannot be changed (the server uses the
 * record's whatever is sent, issue 21); an EIN the directory does not hold takes a typed name, and an
 * operator reviews the charity before it is listed.
 */
export function DetailsStep({ initial, invitedEin, memberEmail, onBack, onDone }: DetailsStepProps) {
  const [details, setDetails] = useState<OrganizationDetails>(
    () =>
      initial ?? {
        ein: invitedEin ? displayEin(einDigits(invitedEin) ?? invitedEin) : '',
        organizationName: '',
        description: '',
        email: memberEmail,
      },
  );
  const [errors, setErrors] = useState<DetailsErrors>({});
  const nameTyped = useRef(Boolean(initial?.organizationName));
  const digits = einDigits(details.ein);
  const lookup = useQuery({ ...nameByEinQuery(digits ?? ''), enabled: digits !== null });
  const foundName = digits ? lookup.data : undefined;

  useEffect(() => {
    if (foundName) {
      nameTyped.current = false;
      setDetails((current) => ({ ...current, organizationName: foundName }));
    }
  }, [foundName]);

  const set = (field: keyof OrganizationDetails) => (value: string) =>
    setDetails((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = detailsErrors(details);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const filled: OrganizationDetails = {
      ein: displayEin(einDigits(details.ein)!),
      organizationName: details.organizationName.trim(),
      description: details.description.trim(),
      email: details.email.trim(),
    };
    saveDraft(filled);
    onDone(filled);
  };

  return (
    <form className="onboarding__form" onSubmit={submit} noValidate>
      <TextField
        label="EIN (Employer Identification Number)"
        placeholder="12-3456789"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        required
        value={details.ein}
        onChange={(event) => set('ein')(event.target.value)}
        hint={
          foundName
            ? `Found in the IRS nonprofit data: ${foundName}`
            : digits && lookup.isFetching
              ? 'Looking up this EIN...'
              : 'Nine digits, as on your IRS determination letter.'
        }
        error={errors.ein}
      />
      <TextField
        label="Organization name"
        autoComplete="organization"
        maxLength={200}
        required
        readOnly={Boolean(foundName)}
        hint={
          foundName
            ? 'The name on record for this EIN: it is how the charity appears.'
            : digits && lookup.data === null
              ? CharityMessages.notInDirectoryNeedsReview
              : undefined
        }
        value={details.organizationName}
        onChange={(event) => {
          nameTyped.current = event.target.value.trim() !== '';
          set('organizationName')(event.target.value);
        }}
        error={errors.organizationName}
      />
      <TextAreaField
        label="Description"
        hint="What your organization does, in a few sentences. Shown on its public profile."
        maxLength={2000}
        value={details.description}
        onChange={set('description')}
        error={errors.description}
      />
      <TextField
        label="Charity contact email"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        value={details.email}
        onChange={(event) => set('email')(event.target.value)}
        hint="We send a 6-digit code here when it is on the domain of the organization’s website on record; otherwise an operator reviews the charity. It is never shown publicly."
        error={errors.email}
      />
      <div className="cluster onboarding__actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}
