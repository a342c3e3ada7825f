import { createFileRoute } from '@tanstack/react-router';
import { CharityProfilePage } from '../../features/charities/charity-profile-page';

/** `/charity-profile/` without an EIN says so (spec §4: 'Charity EIN not provided'). */
export const Route = createFileRoute('/charity-profile/')({
  component: () => <CharityProfilePage ein="" />,
});
