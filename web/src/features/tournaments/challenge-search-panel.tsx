import { useEffect, useRef } from 'react';

export interface ChallengeSearchPanelProps {
  term: string;
  onTermChange: (term: string) => void;
  /** Closes the panel; the page clears the term and puts focus back on the magnifier. */
  onClose: () => void;
  /** Each new value moves focus into the field. */
  focusRequest: number;
}

/** The /challenges search (spec §2): opened by '/' or the magnifier, closed with Escape. */
export function ChallengeSearchPanel({
  term,
  onTermChange,
  onClose,
  focusRequest,
}: ChallengeSearchPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => input.current?.focus(), [focusRequest]);

  // Escape closes from anywhere on the page while the panel is open, not only from the field.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div id="challenge-search" role="search" className="challenge-search">
      <label htmlFor="challenge-search-input" className="challenge-search__label">
        Search by title or game
      </label>
      <div className="challenge-search__row">
        <input
          ref={input}
          id="challenge-search-input"
          className="input challenge-search__input"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder="e.g. Snake, Holiday Cup"
          aria-describedby="challenge-search-hint"
          value={term}
          onChange={(event) => onTermChange(event.target.value)}
        />
        <button type="button" className="button button--ghost challenge-search__close" onClick={onClose}>
          Close
        </button>
      </div>
      <p id="challenge-search-hint" className="challenge-search__hint">
        Press <kbd>Esc</kbd> to close.
      </p>
    </div>
  );
}
