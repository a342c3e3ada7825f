export { IdentityModule } from './identity.module';
export {
  AccessTokenGuard,
  OptionalAccessTokenGuard,
  CurrentMember,
  bearerToken,
  type Member,
} from './infrastructure/access-token.guard';
export { signAccessToken, verifyAccessToken, ACCESS_TOKEN_TTL_SECONDS } from './infrastructure/access-token';
export { CLOCK, type Clock } from './domain/clock';
export { PurgeExpiredSignInsProcessor } from './application/purge-expired-sign-ins.processor';
export { seedDemoMembers, type DemoMember, type DemoMemberKey } from './seed/demo-members';
