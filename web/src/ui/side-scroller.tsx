import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface SideScrollerProps {
  /** The region's accessible name. */
  label: string;
  /** Shown above the content, and read with it, whenever the content is wider than its box. */
  hint: string;
  className?: string;
  children: ReactNode;
}

/**
 * Content that may be wider than the screen and is read as a whole, such as a bracket: it scrolls
 * sideways in its own box, and only while it does, says so in a visible hint and takes keyboard
 * focus (so the arrow keys scroll it). A table never goes in here: DataTable stacks its rows instead.
 */
export function SideScroller({ label, hint, className, children }: SideScrollerProps) {
  const area = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflows, setOverflows] = useState(false);

  // Measured after every render (new rounds arrive with live data) and whenever the box is resized.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    setOverflows(element.scrollWidth > element.clientWidth + 1);
  });
  useLayoutEffect(() => {
    const element = area.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="side-scroller">
      {overflows && (
        <p id={hintId} className="side-scroller__hint">
          {hint} <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        ref={area}
        className={['side-scroller__area', overflows ? 'is-overflowing' : '', className ?? '']
          .filter(Boolean)
          .join(' ')}
        role="region"
        aria-label={label}
        {...(overflows ? { tabIndex: 0, 'aria-describedby': hintId } : {})}
      >
        {children}
      </div>
    </div>
  );
}
