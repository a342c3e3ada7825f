export { IdentityModule } from './identity.module';
export {
  AccessTokenGuard,
  OptionalAccessTokenGuard,
  FinanceGuard,
  CurrentMember,
  bearerToken,
  type Member,
} from './infrastructure/access-token.guard';
export { signAccessToken, verifyAccessToken, ACCESS_TOKEN_TTL_SECONDS } from './infrastructure/access-token';
export { memberRoles, type MemberRole, type RoleChange } from './infrastructure/member-roles';
export { ClientIp } from './infrastructure/client-ip.decorator';
export { CLOCK, type Clock } from './domain/clock';
export { PurgeExpiredSignInsProcessor } from './application/reactions/purge-expired-sign-ins.processor';
export { EraseClosedAccountProcessor } from './application/reactions/erase-closed-account.processor';
export { seedDemoMembers, type DemoMember, type DemoMemberKey } from './seed/demo-members';
export { DEMO_NEWCOMER, seedDemoNewcomer } from './seed/demo-newcomer';
// The one-time code rules (6 digits, hashed at rest, expiry, attempt limit), shared with charity onboarding's email code.
export {
  CODE_TTL_MS,
  MAX_FAILED_ATTEMPTS,
  generateOneTimeCode,
  hashOneTimeCode,
  oneTimeCodeMatches,
} from './domain/one-time-code';
export { checkCode, type CodeCheck } from './domain/code-check';
export { MemberAccounts } from './infrastructure/member-accounts';
export { SignUpListeners, type SignUpListener } from './application/sign-up-listeners';
export {
  AccountClosureListeners,
  type AccountClosureListener,
} from './application/account-closure-listeners';
