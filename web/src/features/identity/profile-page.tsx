import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../lib/document-title';
import type { MemberProfile } from '@arena/contracts';
import { sessionQuery, useSession, type Session } from '../../lib/session';
import { tokenStorage } from '../../lib/tokens';
import { Button, Card } from '../../ui';
import { YourCharitySection } from '../charities/onboarding/your-charity-section';
import { DonationsSection, ImpactSummarySection } from '../donations/donations-section';
import { ReferralProgramSection } from '../referral/referral-program-section';
import { SubscriptionSection } from '../subscriptions/subscription-section';
import { GameplaySection, GameStatisticsSection } from '../tournaments/game-stats-section';
import type { CodeChannel } from '@arena/contracts';
import { authApi } from './auth.api';
import { maskPhone } from './auth.validation';
import { AvatarModal } from './avatar-modal';
import { ContactChangeModal } from './contact-change-modal';
import { MemberAvatar } from './member-avatar';
import { regionOf } from './phone-region';
import { useProfileActivity } from './profile-activity';
import { DonationStatesNote, EmptySectionLine, WelcomeSection } from './profile-first-run';
import { ProfileNav, type ProfileNavItem } from './profile-nav';
import { SecuritySection } from './security-section';
import { SupportSection } from './support-section';
import { TransactionsSection } from './transactions-section';
import './auth.css';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

const WELCOME_LINK: ProfileNavItem = { id: 'profile-welcome', label: 'Get started' };

/** Every section of the profile, in the spec's order, by its heading's id. */
const SECTION_LINKS: ProfileNavItem[] = [
  { id: 'profile-impact', label: 'Impact' },
  { id: 'profile-game-stats', label: 'Game statistics' },
  { id: 'profile-account', label: 'Account' },
  { id: 'profile-subscription', label: 'Subscription' },
  { id: 'profile-referrals', label: 'Referrals' },
  { id: 'profile-donations', label: 'Donations' },
  { id: 'profile-gameplay', label: 'Gameplay' },
  { id: 'profile-charity', label: 'Your charity' },
  { id: 'profile-transactions', label: 'Transactions' },
  { id: 'profile-security', label: 'Security' },
  { id: 'profile-support', label: 'Support' },
];

export function ProfilePage({ member: signedIn }: { member: MemberProfile }) {
  useDocumentTitle('Profile');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [changing, setChanging] = useState<CodeChannel | 'avatar'>();
  // The route resolved the member once; a change of email or phone updates the session after that.
  const session = useSession();
  const member = session?.status === 'member' ? session.member : signedIn;
  const firstRun = useProfileActivity(member.id) === 'none';

  const leaveForLogin = async (message: string) => {
    tokenStorage.clearTokens();
    queryClient.setQueryData<Session>(sessionQuery.queryKey, { status: 'guest' });
    toast.success(message);
    await navigate({ to: '/login' });
  };

  // The member is signed out here whatever the server says: tokens go, and the page moves on.
  const logout = async () => {
    setLeaving(true);
    const refreshToken = tokenStorage.refreshToken();
    try {
      if (refreshToken) await authApi.logout(refreshToken);
    } catch {
      // Logging out locally is what matters; a dead refresh token expires on its own.
    }
    await leaveForLogin('Logged out successfully');
  };

  // The server has already ended every sign-in of a closed account; this tab forgets its tokens too.
  const accountDeleted = (erasesAt: string) => {
    setLeaving(true);
    void leaveForLogin(`Your account is closed. Your personal data will be erased on ${longDate(erasesAt)}.`);
  };

  return (
    <div className="container profile">
      <header className="page-header profile__header">
        <div className="profile__identity">
          <MemberAvatar member={member} />
          <div>
            <p className="eyebrow">Member profile</p>
            <h1 className="page-header__title">@{member.username}</h1>
          </div>
        </div>
        <Button variant="secondary" onClick={() => void logout()} disabled={leaving}>
          Logout
        </Button>
      </header>
      <div className="profile__layout">
        <ProfileNav items={firstRun ? [WELCOME_LINK, ...SECTION_LINKS] : SECTION_LINKS} />
        <div className="profile__sections">
          {firstRun && <WelcomeSection username={member.username} />}
          {firstRun ? (
            <EmptySectionLine id="profile-impact" title="Impact Summary">
              <p>Nothing yet. Your gifts, the charities you support and your referral rewards add up here.</p>
            </EmptySectionLine>
          ) : (
            <ImpactSummarySection memberId={member.id} />
          )}
          {firstRun ? (
            <EmptySectionLine id="profile-game-stats" title="Game Statistics">
              <p>
                No games played yet. Your scores, wins and play time show here after your first challenge.
              </p>
            </EmptySectionLine>
          ) : (
            <GameStatisticsSection memberId={member.id} />
          )}
          <Card as="section" className="profile__section" aria-labelledby="profile-account">
            <h2 id="profile-account" className="card__title">
              Account
            </h2>
            <dl className="profile__facts">
              <div>
                <dt>Email</dt>
                <dd>{member.email}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{maskPhone(member.phoneNumber)}</dd>
              </div>
              <div>
                <dt>Region</dt>
                <dd>{regionOf(member.phoneNumber) ?? 'Unknown'}</dd>
              </div>
            </dl>
            <p className="profile__note">The region comes from your phone number's country code.</p>
            <div className="cluster">
              <Button variant="secondary" onClick={() => setChanging('email')}>
                Change Email
              </Button>
              <Button variant="secondary" onClick={() => setChanging('phone')}>
                Change Phone
              </Button>
              <Button variant="secondary" onClick={() => setChanging('avatar')}>
                Change Avatar
              </Button>
            </div>
          </Card>
          <SubscriptionSection memberId={member.id} />
          <ReferralProgramSection memberId={member.id} firstRun={firstRun} />
          {firstRun ? (
            <EmptySectionLine id="profile-donations" title="Donations">
              <p>
                No donations yet. Prize money you win and gifts you make are listed here, with where each one
                is.
              </p>
              <DonationStatesNote />
            </EmptySectionLine>
          ) : (
            <DonationsSection memberId={member.id} />
          )}
          {firstRun ? (
            <EmptySectionLine id="profile-gameplay" title="Gameplay">
              <p>
                No tournaments yet. <Link to="/challenges">Find a challenge to join</Link>
              </p>
            </EmptySectionLine>
          ) : (
            <GameplaySection memberId={member.id} />
          )}
          <YourCharitySection memberId={member.id} />
          {firstRun ? (
            <EmptySectionLine id="profile-transactions" title="Transactions & Earnings">
              <p>No transactions yet. Payments, refunds, prizes and referral rewards are listed here.</p>
            </EmptySectionLine>
          ) : (
            <TransactionsSection memberId={member.id} />
          )}
          <SecuritySection
            memberId={member.id}
            username={member.username}
            onAccountDeleted={accountDeleted}
          />
          <SupportSection />
        </div>
      </div>
      {(['email', 'phone'] as const).map((channel) => (
        <ContactChangeModal
          key={channel}
          channel={channel}
          open={changing === channel}
          onClose={() => setChanging(undefined)}
        />
      ))}
      <AvatarModal member={member} open={changing === 'avatar'} onClose={() => setChanging(undefined)} />
    </div>
  );
}
