import { Card, Skeleton } from '../../ui';
import './challenge-detail-frame.css';

/** What the page looks like while the tournament loads: its shape, never a blank. */
export function ChallengeDetailSkeleton() {
  return (
    <div className="container challenge" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading challenge…
      </p>
      <div className="challenge__banner challenge__banner--loading">
        <Skeleton height="100%" />
      </div>
      <div className="challenge__head">
        <Skeleton width="60%" height="2.25rem" />
        <Skeleton width="40%" height="1.25rem" />
      </div>
      <div className="challenge__layout">
        <div className="challenge__main">
          <Card>
            <Skeleton lines={4} />
          </Card>
          <Card>
            <Skeleton lines={6} />
          </Card>
        </div>
        <aside className="challenge__aside">
          <Card>
            <Skeleton lines={3} />
            <Skeleton height="2.75rem" />
          </Card>
        </aside>
      </div>
    </div>
  );
}
