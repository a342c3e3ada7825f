import { CharityMessages } from '@arena/contracts/charities.messages';

/**
 * 'Loading charity profile...' (spec §2). Its own module: the route's pending component is bundled with
 * the route, and should not pull the whole profile page into the first bundle.
 */
export function CharityProfileLoading() {
  return (
    <div className="container charity-profile">
      <p className="charity-profile__loading" role="status">
        {CharityMessages.loadingProfile}
      </p>
    </div>
  );
}
