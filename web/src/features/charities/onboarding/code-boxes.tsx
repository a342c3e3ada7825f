import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { codeDigits } from './onboarding.rules';

export interface CodeBoxesProps {
  label: string;
  length: number;
  disabled?: boolean;
  error?: string;
  /** Called once each time the last empty box is filled. */
  onComplete: (code: string) => void;
}

/**
 * A one-time code as one box a digit (spec §5): digits only, typing moves on, Backspace on an empty box
 * moves back, a paste (or the browser's code autofill) fills every box, and the sixth digit submits.
 * Remount it (change its key) to start over with empty boxes.
 */
export function CodeBoxes({ label, length, disabled, error, onComplete }: CodeBoxesProps) {
  const id = useId();
  const [digits, setShown] = useState<string[]>(() => Array.from({ length }, () => ''));
  // The digits as of the last keystroke: fast typing can deliver a second one before React re-renders.
  const latest = useRef(digits);
  const setDigits = (next: string[]) => {
    latest.current = next;
    setShown(next);
  };
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `typed` from box `start` on; submits when that leaves no box empty. */
  const fill = (start: number, typed: string[]) => {
    const next = [...latest.current];
    typed.forEach((digit, offset) => {
      if (start + offset < length) next[start + offset] = digit;
    });
    setDigits(next);
    focusBox(start + typed.length);
    if (typed.length > 0 && next.every(Boolean)) onComplete(next.join(''));
  };

  const onChange = (index: number, value: string) => {
    const typed = codeDigits(value, length);
    if (typed.length === 0) {
      const next = [...latest.current];
      next[index] = '';
      setDigits(next);
      return;
    }
    // A box that held a digit gets the new one typed beside it: keep the one that is new.
    const fresh = typed.length === 2 && latest.current[index] === typed[0] ? [typed[1]!] : typed;
    fill(index, fresh);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    const wholeBoxSelected = box.selectionStart === 0 && box.selectionEnd === box.value.length;
    if (/^\d$/.test(event.key) && latest.current[index] === event.key && wholeBoxSelected) {
      // Typing the digit a box already holds changes nothing, so no change event would move focus on.
      event.preventDefault();
      fill(index, [event.key]);
    } else if (event.key === 'Backspace' && !latest.current[index] && index > 0) {
      event.preventDefault();
      const next = [...latest.current];
      next[index - 1] = '';
      setDigits(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = codeDigits(event.clipboardData.getData('text'), length);
    if (pasted.length > 0) fill(0, pasted);
  };

  return (
    <div className="code-boxes">
      <p id={`${id}-label`} className="field__label">
        {label}
      </p>
      <div
        className="code-boxes__row"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {digits.map((digit, index) => (
          <input
            // The boxes never reorder: their position is their identity.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="input code-boxes__box"
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            maxLength={index === 0 ? length : 2}
            value={digit}
            disabled={disabled}
            autoFocus={index === 0}
            onChange={(event) => onChange(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
