import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeaturedStory } from '@arena/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSession } from '../../lib/session';
import { Button, EmptyState, Skeleton } from '../../ui';
import { donationKeys, donationsApi, featuredStoriesQuery } from '../donations/donations.queries';

/** Spec §9: the carousel advances every 8000 ms. */
export const STORY_ADVANCE_MS = 8000;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * The home page's Impact Stories (spec §2): most liked first as the API gives them, Prev and Next, an
 * advance every 8 s that pauses while the pointer or focus is inside and for reduced motion.
 */
export function ImpactStoriesCarousel() {
  const session = useSession();
  const memberId = session?.status === 'member' ? session.member.id : null;
  const queryClient = useQueryClient();
  const stories = useQuery(featuredStoriesQuery(memberId));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const list = stories.data ?? [];
  const count = list.length;

  // Each slide, however it was reached, gets its full 8 s before the next one.
  useEffect(() => {
    if (paused || count < 2 || prefersReducedMotion()) return undefined;
    const timer = window.setTimeout(() => setIndex((index + 1) % count), STORY_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, index]);

  const like = useMutation({
    mutationFn: (story: FeaturedStory) => donationsApi.like(story.id, !story.likedByMe),
    onSuccess: (answer) => {
      queryClient.setQueryData<FeaturedStory[]>(donationKeys.stories(memberId), (current) =>
        current?.map((story) =>
          story.id === answer.storyId
            ? { ...story, likes: answer.likes, likedByMe: answer.likedByMe }
            : story,
        ),
      );
    },
    onError: (error) => toast.error(error.message),
  });

  const story = list[Math.min(index, count - 1)];
  return (
    <section
      className="stories"
      aria-labelledby="stories-title"
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <h3 id="stories-title" className="card__title">
        Impact Stories
      </h3>
      {stories.isPending ? (
        <Skeleton lines={4} />
      ) : stories.isError ? (
        <p className="muted">The impact stories could not be loaded.</p>
      ) : !story ? (
        <EmptyState title="No impact stories yet">
          Nonprofits on Charity Arena share what donations made possible here.
        </EmptyState>
      ) : (
        <>
          <article
            className="stories__slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-live={paused ? 'polite' : 'off'}
          >
            <h4 className="stories__title">{story.title}</h4>
            <p className="muted">{story.nonprofit}</p>
            <p>{story.excerpt}</p>
            <div className="cluster">
              {story.videoUrl && (
                <a href={story.videoUrl} target="_blank" rel="noreferrer">
                  Watch the video
                </a>
              )}
              {memberId ? (
                <Button
                  variant="ghost"
                  aria-pressed={story.likedByMe}
                  disabled={like.isPending}
                  onClick={() => like.mutate(story)}
                >
                  {story.likedByMe ? 'Liked' : 'Like'} · {story.likes}
                </Button>
              ) : (
                <span className="muted">
                  {story.likes} {story.likes === 1 ? 'like' : 'likes'}
                </span>
              )}
            </div>
          </article>
          {count > 1 && (
            <div className="cluster stories__controls">
              <Button variant="secondary" onClick={() => setIndex((index - 1 + count) % count)}>
                Prev
              </Button>
              <Button variant="secondary" onClick={() => setIndex((index + 1) % count)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
