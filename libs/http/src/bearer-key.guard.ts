import { createHash, timingSafeEqual } from 'node:crypto';
import {
  Inject,
  Injectable,
  mixin,
  NotFoundException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';

/** The settings that hold a bearer key for operators or admins. */
export type BearerKeySetting = 'ADMIN_API_KEY' | 'METRICS_TOKEN';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the key's length nor its first differing byte shows in the timing. */
export function bearerKeyMatches(authorization: string | string[] | undefined, key: string): boolean {
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const given = header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(key));
}

/**
 * Routes for operators or admins: `Authorization: Bearer <the setting's value>`, else 401. While
 * the setting is unset the routes do not exist (404).
 */
export function BearerKeyGuard(setting: BearerKeySetting): Type<CanActivate> {
  @Injectable()
  class Guard implements CanActivate {
    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

    canActivate(context: ExecutionContext): boolean {
      const key = this.config[setting];
      if (!key) throw new NotFoundException('Not found');
      const request = context
        .switchToHttp()
        .getRequest<{ headers: Record<string, string | string[] | undefined> }>();
      if (!bearerKeyMatches(request.headers.authorization, key))
        throw new UnauthorizedException('Unauthorized');
      return true;
    }
  }
  return mixin(Guard);
}
