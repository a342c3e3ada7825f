import { useId } from 'react';

export interface PhoneFieldProps {
  label: string;
  countryCodes: readonly string[];
  countryCode: string;
  onCountryCodeChange: (code: string) => void;
  number: string;
  onNumberChange: (number: string) => void;
  error?: string;
}

/** Country code and number side by side, labelled as one field. */
export function PhoneField(props: PhoneFieldProps) {
  const id = useId();
  const errorId = props.error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-number`}>
        {props.label}
      </label>
      <div className="phone-field">
        <select
          className="input phone-field__code"
          aria-label="Country code"
          value={props.countryCode}
          onChange={(event) => props.onCountryCodeChange(event.target.value)}
        >
          {props.countryCodes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          className="input phone-field__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={props.number}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => props.onNumberChange(event.target.value)}
        />
      </div>
      {props.error && (
        <p id={errorId} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
