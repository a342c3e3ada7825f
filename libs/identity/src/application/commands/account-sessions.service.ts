import { Inject, Injectable } from '@nestjs/common';
import type { signInSessions } from '@arena/contracts';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../../domain/clock';
import { deviceName, maskedAddress } from '../../domain/sign-in-device';
import { EndedSignIns } from '../../infrastructure/ended-sign-ins';
import type { Member } from '../../infrastructure/member';
import { RefreshTokenFamiliesRepository } from '../../infrastructure/refresh-token-families.repository';

export type SignInSessions = z.infer<typeof signInSessions>;

/** Security & Settings: the member's active sign-ins, and signing out of all but this one. */
@Injectable()
export class AccountSessionsService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly families: RefreshTokenFamiliesRepository,
    private readonly endedSignIns: EndedSignIns,
  ) {}

  async list(member: Member): Promise<SignInSessions> {
    const active = await this.families.listActive(member.id, this.clock.now());
    return active.map((signIn) => ({
      id: signIn.id,
      createdAt: signIn.createdAt.toISOString(),
      lastUsedAt: signIn.lastUsedAt.toISOString(),
      device: deviceName(signIn.userAgent),
      address: maskedAddress(signIn.ipAddress),
      current: signIn.id === member.signInId,
    }));
  }

  /** Ends every other sign-in, its access tokens at once (EndedSignIns); answers how many ended. */
  async signOutOthers(member: Member): Promise<{ signedOut: number }> {
    const ended = await this.families.revokeOthers(
      member.id,
      member.signInId,
      this.clock.now(),
      'signed_out_by_member',
    );
    await this.endedSignIns.end(ended);
    return { signedOut: ended.length };
  }
}
