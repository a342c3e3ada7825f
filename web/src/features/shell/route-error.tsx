import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui';

/** Each route's error boundary: explains what failed and retries the route's loaders. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => queryErrorReset.reset(), [queryErrorReset]);

  // Server messages are written for people; anything else (a chunk that failed to download, a
  // bug) is not, so it gets a plain explanation instead.
  const message =
    error instanceof ApiError
      ? error.message
      : 'Something went wrong while loading this page. Check your connection and try again.';
  return (
    <div className="container section">
      <div className="alert alert--danger" role="alert">
        <h2 className="alert__title">This page could not be loaded</h2>
        <p>{message}</p>
        <Button
          variant="secondary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
      </div>
    </div>
  );
}
