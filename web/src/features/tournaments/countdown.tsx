import { useEffect, useState } from 'react';
import { timeLeft } from './challenge-detail.format';

/** Time left until `target`, ticking each second while mounted; `done` once it has passed. */
export function Countdown({ target, done }: { target: string; done: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeft(new Date(target), now);
  return (
    <time dateTime={target} className="countdown">
      {left ?? done}
    </time>
  );
}
