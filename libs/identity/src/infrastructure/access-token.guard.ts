import {
  createParamDecorator,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { DonationMessages } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { REDIS } from '@arena/redis';
import { verifyAccessToken } from './access-token';
import { EndedSignIns } from './ended-sign-ins';
import type { Member } from './member';
import { memberLookup } from './member.queries';
import { memberRoles } from './member-roles';

export type { Member } from './member';

type RequestWithMember = { headers: Record<string, string | string[] | undefined>; member?: Member };

export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Both guards: the member a bearer token names, or undefined for a missing, bad or expired token, or
 * one whose sign-in has ended.
 */
abstract class MemberTokenGuard {
  private readonly endedSignIns: EndedSignIns;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) protected readonly db: Kysely<any>,
    @Inject(REDIS) redis: Redis,
  ) {
    this.endedSignIns = new EndedSignIns(redis, config);
  }

  protected async memberOf(request: RequestWithMember): Promise<Member | undefined> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    const claims = await verifyAccessToken(this.config.JWT_ACCESS_SECRET, token).catch(() => undefined);
    if (!claims) return undefined;
    const [ended, member] = await Promise.all([
      this.endedSignIns.hasEnded(claims.sid),
      memberLookup(this.db).find(claims.sub),
    ]);
    return member && !ended ? { ...member, signInId: claims.sid } : undefined;
  }
}

/** Requires a valid, unexpired access token for an existing account: 401 `Unauthorized` otherwise. */
@Injectable()
export class AccessTokenGuard extends MemberTokenGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithMember>();
    const member = await this.memberOf(request);
    if (!member) throw new UnauthorizedException('Unauthorized');
    request.member = member;
    return true;
  }
}

/** Lets guests through but identifies a member when a valid token is sent (for `isUserJoined` and the like). */
@Injectable()
export class OptionalAccessTokenGuard extends MemberTokenGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithMember>();
    request.member = await this.memberOf(request);
    return true;
  }
}

/** `@CurrentMember() member: Member` (or `Member | undefined` behind the optional guard). */
export const CurrentMember = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<RequestWithMember>().member,
);

/**
 * The finance role's routes (access 'finance'): 401 `Unauthorized` for a guest, 403 for a member an
 * operator has not granted the role (`npm run finance:grant`).
 */
@Injectable()
export class FinanceGuard extends MemberTokenGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithMember>();
    const member = await this.memberOf(request);
    if (!member) throw new UnauthorizedException('Unauthorized');
    if (!(await memberRoles(this.db).has(member.id, 'finance'))) {
      throw new ForbiddenException(DonationMessages.financeOnly);
    }
    request.member = member;
    return true;
  }
}
