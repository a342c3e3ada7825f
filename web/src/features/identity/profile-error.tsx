import { AuthMessages } from '@arena/contracts/auth.messages';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { ProfileUnavailableError } from '../../lib/session';
import { Button } from '../../ui';
import { RouteError } from '../shell/route-error';

/**
 * /profile's error boundary. The profile call failed without signing the member out (the network, a 5xx):
 * spec §8's 'Failed to load profile data', what failed, and Retry, which asks the profile call again.
 */
export function ProfileError(props: ErrorComponentProps) {
  const router = useRouter();
  const unavailable = props.error instanceof ProfileUnavailableError ? props.error : null;
  useDocumentTitle(unavailable ? AuthMessages.failedToLoadProfile : 'Profile');
  if (!unavailable) return <RouteError {...props} />;
  return (
    <div className="container section">
      <div className="alert alert--danger" role="alert">
        <h1 className="alert__title">{AuthMessages.failedToLoadProfile}</h1>
        <p>{unavailable.reason}</p>
        <Button
          variant="secondary"
          onClick={() => {
            props.reset();
            void router.invalidate();
          }}
        >
          Retry
        </Button>
      </div>
    </div>
  );
}
