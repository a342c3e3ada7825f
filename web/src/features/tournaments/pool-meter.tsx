import type { PrizeLine } from '@arena/contracts';
import { useId } from 'react';
import { poolProgress } from './pool-meter.rules';
import './pool-meter.css';

/** A progress bar of the pool directed to chosen charities (pool-meter.rules.ts says why not a target). */
export function PoolMeter({
  lines,
  poolCents,
  isFinal,
}: {
  lines: readonly PrizeLine[];
  poolCents: number;
  isFinal: boolean;
}) {
  const labelId = useId();
  const progress = poolProgress(lines, poolCents, isFinal);
  if (!progress) return null;
  return (
    <div className="pool-meter">
      <div className="pool-meter__head">
        <span id={labelId} className="pool-meter__label">
          {progress.label}
        </span>
        <span className="pool-meter__value" aria-hidden="true">
          {progress.valueText}
        </span>
      </div>
      <div
        className="pool-meter__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={progress.valueText}
      >
        <span className="pool-meter__fill" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}
