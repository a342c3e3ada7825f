import type { CharityDonors } from '@arena/contracts';
import { dollarsFromCents } from '@arena/contracts/tournaments.rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Skeleton } from '../../ui';
import { charityDonorsQuery, charityStoriesQuery } from './charities.queries';
import { relativeTime } from './charity-format';

/** Stories shown before 'View timeline' opens the rest. */
const STORIES_FOLDED = 2;

/** 'Impact Stories' (spec §2): what the charity published, newest first; 'View timeline' shows them all. */
export function ImpactStoriesCard({ ein }: { ein: string }) {
  const stories = useQuery(charityStoriesQuery(ein));
  const [open, setOpen] = useState(false);
  const list = stories.data ?? [];
  const shown = open ? list : list.slice(0, STORIES_FOLDED);
  return (
    <section className="card profile-card" aria-labelledby="stories-heading">
      <div className="profile-card__head">
        <h2 id="stories-heading" className="card__title">
          Impact Stories
        </h2>
        {list.length > STORIES_FOLDED && (
          <Button
            variant="ghost"
            size="small"
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Show fewer' : 'View timeline'}
          </Button>
        )}
      </div>
      {stories.isPending ? (
        <Skeleton height="3rem" lines={2} />
      ) : stories.isError ? (
        <Alert tone="danger" title="Stories could not be loaded">
          <p>{stories.error.message}</p>
        </Alert>
      ) : list.length === 0 ? (
        <p className="muted">This charity has not published an impact story yet.</p>
      ) : (
        <ol className="story-timeline">
          {shown.map((story) => (
            <li key={story.id} className="story-timeline__item">
              <time className="muted story-timeline__date" dateTime={story.publishedAt}>
                {new Date(story.publishedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
              </time>
              <h3 className="story-timeline__title">{story.title}</h3>
              <p>{story.caption}</p>
              {story.videoUrl && (
                <a href={story.videoUrl} target="_blank" rel="noopener noreferrer">
                  Watch the video
                  <span className="visually-hidden"> of {story.title} (opens in a new tab)</span>
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DonorList({ title, donors }: { title: string; donors: CharityDonors['recent'] }) {
  return (
    <div className="donor-list">
      <h3 className="donor-list__title">{title}</h3>
      {donors.length === 0 ? (
        <p className="muted">No donors yet.</p>
      ) : (
        <ul className="donor-list__items">
          {donors.map((donor) => (
            <li key={donor.id} className="donor-list__item">
              <span className="donor-list__name">{donor.name}</span>
              <span className="donor-list__amount">{dollarsFromCents(donor.amountCents)}</span>
              <time className="muted donor-list__time" dateTime={donor.at}>
                {relativeTime(donor.at)}
              </time>
              {donor.note && <p className="donor-list__note">{donor.note}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 'Recent & Top Donors' (spec §2), from the donations directed to this charity. */
export function DonorsCard({ ein }: { ein: string }) {
  const donors = useQuery(charityDonorsQuery(ein));
  return (
    <section className="card profile-card" aria-labelledby="donors-heading">
      <h2 id="donors-heading" className="card__title">
        Recent &amp; Top Donors
      </h2>
      {donors.isPending ? (
        <Skeleton height="2.5rem" lines={3} />
      ) : donors.isError ? (
        <Alert tone="danger" title="Donors could not be loaded">
          <p>{donors.error.message}</p>
        </Alert>
      ) : (
        <div className="donors-card__lists">
          <DonorList title="Recent" donors={donors.data.recent} />
          <DonorList title="Top" donors={donors.data.top} />
        </div>
      )}
    </section>
  );
}
