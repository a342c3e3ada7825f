import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Member } from '@arena/identity';

/**
 * After `OptionalAccessTokenGuard`: refuses a guest with the route's own 401 message, for the calls
 * whose refusal the spec words (favorites), where `AccessTokenGuard` says only 'Unauthorized'.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly message: string) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ member?: Member }>();
    if (!request.member) throw new UnauthorizedException(this.message);
    return true;
  }
}
