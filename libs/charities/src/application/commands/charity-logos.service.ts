import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { OnboardingStatus } from '@arena/contracts';
import { randomEventIds } from '@arena/event-store';
import { redrawImage, type ImageContentType } from '@arena/images';
import { PaymentsClock } from '@arena/payments';
import { closureOf } from '../../domain/charity.decider';
import { logoNotFound, logoUnreadable, onboardingClosed } from '../../domain/charity.errors';
import { CharityLogoRateLimiter } from '../../infrastructure/charity-logo-rate-limiter';
import { CharityLogosRepository } from '../../infrastructure/charity-logos.repository';
import { CharityStreamRepository } from '../charity-stream.repository';
import { ManagedCharity } from '../managed-charity';
import { onboardingStatusOf } from '../onboarding-status';

/** The largest logo kept, in pixels a side: twice the largest place the web shows one. */
export const LOGO_SIDE = 256;

/** A logo's name: the first 32 hex digits of the SHA-256 of the stored image (its URL's version). */
export const logoIdOf = (image: Buffer) => createHash('sha256').update(image).digest('hex').slice(0, 32);

/**
 * A charity's logo (issue 23), set by its manager: the upload is redrawn from its pixels (the upload
 * itself is never stored or served), kept under its hash, and recorded as CharityLogoChanged on the
 * charity's stream; the read models learn of it from the event.
 */
@Injectable()
export class CharityLogosService {
  constructor(
    private readonly managed: ManagedCharity,
    private readonly streams: CharityStreamRepository,
    private readonly logos: CharityLogosRepository,
    private readonly limits: CharityLogoRateLimiter,
    private readonly clock: PaymentsClock,
  ) {}

  /** PUT /api/charities/onboarding/{charityId}/logo */
  async replace(managerId: string, charityId: string, upload: Buffer): Promise<OnboardingStatus> {
    const charity = await this.managed.load(managerId, charityId);
    await this.limits.consume(charityId);
    const now = await this.clock.now();
    // The decider refuses it too; asked first so an ended onboarding's upload is not even kept.
    if (closureOf(charity, now) !== null) throw onboardingClosed();
    const logo = await redrawImage(upload, LOGO_SIDE);
    if (!logo) throw logoUnreadable();
    const logoId = logoIdOf(logo.bytes);
    // Written before the event, so the URL the event's readers build always finds its image.
    await this.logos.save({
      charityId,
      logoId,
      ein: charity.ein,
      contentType: logo.contentType,
      image: logo.bytes,
      at: now,
    });
    const { state } = await this.streams.execute(
      {
        type: 'ChangeLogo',
        data: { ein: charity.ein, charityId, logoId, contentType: logo.contentType, at: now.toISOString() },
      },
      randomEventIds,
    );
    return onboardingStatusOf(state!, now);
  }

  /**
   * DELETE /api/charities/onboarding/{charityId}/logo: recorded as CharityLogoRemoved, so the read models
   * fall back to the monogram. Without a logo it records nothing and answers the same status: a repeat is
   * harmless. Not rate limited: it stores nothing and writes at most one event per logo set.
   */
  async remove(managerId: string, charityId: string): Promise<OnboardingStatus> {
    const charity = await this.managed.load(managerId, charityId);
    const now = await this.clock.now();
    const { state } = await this.streams.execute(
      { type: 'RemoveLogo', data: { ein: charity.ein, charityId, at: now.toISOString() } },
      randomEventIds,
    );
    return onboardingStatusOf(state!, now);
  }

  /** GET /api/charities/ein/{ein}/logo?v={logoId}: the image that version names, never another. */
  async image(ein: string, version: unknown): Promise<{ contentType: ImageContentType; bytes: Buffer }> {
    const logo =
      /^\d{9}$/.test(ein) && typeof version === 'string' && /^[0-9a-f]{32}$/.test(version)
        ? await this.logos.find(ein, version)
        : undefined;
    if (!logo) throw logoNotFound();
    return { contentType: logo.content_type, bytes: logo.image };
  }
}
