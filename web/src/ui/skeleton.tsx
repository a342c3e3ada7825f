import type { CSSProperties } from 'react';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  lines?: number;
}

/** Grey placeholder blocks shown while data loads; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1rem', lines = 1 }: SkeletonProps) {
  return (
    <span aria-hidden="true" style={{ display: 'grid', gap: '0.5rem' }}>
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className="skeleton"
          style={{ width: index === lines - 1 && lines > 1 ? '70%' : width, height }}
        />
      ))}
    </span>
  );
}
