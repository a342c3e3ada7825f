import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ImpactStory } from '@arena/contracts';
import { ApiError } from '../../../lib/api-client';
import { Button, TextField } from '../../../ui';
import { impactStoriesQuery, onboardingApi, onboardingKeys } from './onboarding.queries';
import { TextAreaField } from './text-area-field';

interface StoryDraft {
  title: string;
  caption: string;
  videoUrl: string;
}

const EMPTY: StoryDraft = { title: '', caption: '', videoUrl: '' };

/** The form's checks, the same as publishStoryBody's on the server. */
function storyErrors(draft: StoryDraft): Partial<Record<keyof StoryDraft, string>> {
  const errors: Partial<Record<keyof StoryDraft, string>> = {};
  if (!draft.title.trim()) errors.title = 'Title is required';
  if (!draft.caption.trim()) errors.caption = 'Caption is required';
  const video = draft.videoUrl.trim();
  if (video) {
    let https = false;
    try {
      https = new URL(video).protocol === 'https:';
    } catch {
      https = false;
    }
    if (!https) errors.videoUrl = 'Video link must be an https URL';
  }
  return errors;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The charity's published impact stories, and a small form to publish one more. */
export function ImpactStories({ ein, charityName }: { ein: string; charityName: string }) {
  const queryClient = useQueryClient();
  const stories = useQuery(impactStoriesQuery(ein));
  const [draft, setDraft] = useState<StoryDraft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof StoryDraft, string>>>({});
  const publish = useMutation({
    mutationFn: () =>
      onboardingApi.publishStory(ein, {
        title: draft.title.trim(),
        caption: draft.caption.trim(),
        videoUrl: draft.videoUrl.trim() || null,
      }),
    onSuccess: (story) => {
      queryClient.setQueryData<ImpactStory[]>(onboardingKeys.stories(ein), (current) => [
        story,
        ...(current ?? []).filter((each) => each.id !== story.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.stories(ein) });
      setDraft(EMPTY);
      toast.success('Impact story published');
    },
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : 'Failed to publish the impact story'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = storyErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) publish.mutate();
  };
  const set = (field: keyof StoryDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  return (
    <div className="impact-stories">
      <h4 className="impact-stories__title">Impact stories</h4>
      {stories.isPending ? (
        <p className="muted">Loading stories...</p>
      ) : stories.isError ? (
        <p role="alert">Failed to load the impact stories.</p>
      ) : stories.data.length === 0 ? (
        <p className="muted">No stories yet. Tell supporters what their donations made possible.</p>
      ) : (
        <ul className="impact-stories__list" aria-label={`Impact stories of ${charityName}`}>
          {stories.data.map((story) => (
            <li key={story.id} className="impact-stories__item">
              <p className="impact-stories__story-title">{story.title}</p>
              <p>{story.caption}</p>
              <p className="muted impact-stories__meta">
                Published {dateFormat.format(new Date(story.publishedAt))}
                {story.videoUrl && (
                  <>
                    {' · '}
                    <a href={story.videoUrl} target="_blank" rel="noopener noreferrer">
                      Watch the video
                    </a>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="impact-stories__form"
        onSubmit={submit}
        noValidate
        aria-label={`Publish an impact story for ${charityName}`}
      >
        <TextField
          label="Story title"
          maxLength={120}
          value={draft.title}
          onChange={(event) => set('title')(event.target.value)}
          error={errors.title}
        />
        <TextAreaField
          label="Caption"
          rows={3}
          maxLength={1000}
          value={draft.caption}
          onChange={set('caption')}
          error={errors.caption}
        />
        <TextField
          label="Video link (optional)"
          type="url"
          placeholder="https://"
          maxLength={500}
          value={draft.videoUrl}
          onChange={(event) => set('videoUrl')(event.target.value)}
          error={errors.videoUrl}
        />
        <div className="cluster">
          <Button type="submit" variant="secondary" disabled={publish.isPending}>
            {publish.isPending ? 'Publishing...' : 'Publish story'}
          </Button>
        </div>
      </form>
    </div>
  );
}
