import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ReferralOption } from '@arena/contracts';
import { AuthMessages } from '@arena/contracts/auth.messages';
import { REFERRAL_CODE, SIGN_UP_COUNTRY_CODES } from '@arena/contracts/identity.rules';
import { Button, TextField } from '../../ui';
import { authApi } from './auth.api';
import { AuthPanel } from './auth-panel';
import { signUpPhone } from './auth.validation';
import { EmailField } from './email-field';
import { PhoneField } from './phone-field';
import { toastFailure } from './toast-failure';
import { usePhoneInput } from './use-phone-input';

type FieldErrors = Partial<Record<'username' | 'email' | 'phone' | 'terms' | 'form', string>>;

export interface CreateAccountPageProps {
  /** From `?ref` or, failing that, the code /join stored. */
  referralCode?: string;
  /** The reward the referral link chose (`option=1|2`), sent with the code. */
  referralOption?: ReferralOption;
}

export function CreateAccountPage({ referralCode: given, referralOption }: CreateAccountPageProps) {
  // A code without the platform's shape is nobody's: neither shown nor sent (the server drops it too).
  const referralCode = given && REFERRAL_CODE.test(given) ? given : undefined;
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const phone = usePhoneInput(SIGN_UP_COUNTRY_CODES);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let phoneNumber: string | undefined;
    try {
      phoneNumber = await signUpPhone(phone.countryCode, phone.number);
    } catch (failure) {
      // The phone check loads with the first send; offline it cannot, and nothing was asked of the server yet.
      setErrors({ form: toastFailure(failure, AuthMessages.failedToStartAuthentication) });
      return;
    }
    const found: FieldErrors = {
      username: username.trim() ? undefined : AuthMessages.usernameRequired,
      email: email.trim() ? undefined : AuthMessages.emailRequired,
      phone: phoneNumber ? undefined : AuthMessages.signUpPhoneInvalid,
      terms: agreed ? undefined : AuthMessages.termsRequired,
    };
    setErrors(found);
    if (!phoneNumber || Object.values(found).some(Boolean)) return;
    setSending(true);
    try {
      const answer = await authApi.signUp({
        username: username.trim(),
        email: email.trim(),
        phoneNumber,
        referralCode,
        referralOption: referralCode ? referralOption : undefined,
        acceptedTerms: true,
        confirmedAdultInUs: true,
      });
      toast.success('Verification codes sent! Check your email and phone.');
      const sessionId = answer.data?.sessionId;
      await navigate(sessionId ? { to: '/verify', search: { sessionId } } : { to: '/verify' });
    } catch (failure) {
      setErrors({ form: toastFailure(failure, AuthMessages.failedToCreateAccount) });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthPanel
      title="Create your account"
      lead="Play skill games and direct donations to verified nonprofits. We verify your email and your phone with one-time codes."
      footer={
        <p>
          Already a member? <Link to="/login">Log in</Link>
        </p>
      }
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <TextField
          label="Username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
        />
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <PhoneField label="Phone number" {...phone} error={errors.phone} />
        {referralCode && (
          <p className="auth__note">
            Referral code <strong>{referralCode}</strong> will be applied.
          </p>
        )}
        <div className="field">
          <label className="auth__check">
            <input
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              aria-invalid={errors.terms ? true : undefined}
            />
            <span>
              I accept the <Link to="/terms">Terms of Use (v2.0)</Link> and confirm that I am 18 or older and
              live in the US.
            </span>
          </label>
          {errors.terms && (
            <p className="field__error" role="alert">
              {errors.terms}
            </p>
          )}
        </div>
        {errors.form && (
          <p className="field__error auth__form-error" role="alert">
            {errors.form}
          </p>
        )}
        <Button type="submit" block disabled={sending}>
          {sending ? 'Sending codes...' : 'Create Account'}
        </Button>
      </form>
    </AuthPanel>
  );
}
