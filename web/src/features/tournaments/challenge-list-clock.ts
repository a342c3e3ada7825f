import { useEffect, useState } from 'react';

/**
 * One clock for the whole list: every card's countdown reads the same `now`, so a page of cards
 * re-renders once a second rather than keeping a timer each. It stands still while nothing counts down.
 */
export function useChallengeListClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
