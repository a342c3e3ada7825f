import { timingSafeEqual } from 'node:crypto';
import {
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { bearerToken } from '@arena/identity';

/** Admin routes: a bearer ADMIN_API_KEY. Without a configured key they do not exist (404). */
@Injectable()
export class AdminApiKeyGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.ADMIN_API_KEY;
    if (!expected) throw new NotFoundException('Not found');
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined> }>();
    const given = Buffer.from(bearerToken(request.headers.authorization) ?? '');
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new UnauthorizedException('Unauthorized');
    return true;
  }
}
