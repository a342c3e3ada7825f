import { sql } from 'kysely';
import type { Projector, TableNames } from '@arena/projection-runner';
import { CHARITY_EVENT_TYPES, type CharityEvent } from '@arena/charities/events';

type Base = 'charities';

/**
 * Onboarded charities (issue 11): one row per charity-{ein} stream, what GET /api/charities and the
 * profiles answer (one row per EIN: a later onboarding of it replaces the row). Version 3 (issue 23):
 * the logo's id (`logo_id`), which names its image in charity_logos and its URL. The contact email is kept only to know it is confirmed, never answered. Each event
 * applies only past the row's last revision, so a redelivered event changes nothing at all.
 */
export const charitiesProjector: Projector<Base> = {
  name: 'charities',
  version: 3,
  eventTypes: CHARITY_EVENT_TYPES,
  tables: ['charities'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.charities)} (
        charity_id uuid PRIMARY KEY,
        ein text NOT NULL UNIQUE,
        name text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        address text,
        city text,
        state text,
        zip_code text,
        manager_id uuid NOT NULL,
        stripe_account_id text,
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        email_verified boolean NOT NULL DEFAULT false,
        review_approved boolean NOT NULL DEFAULT false,
        published boolean NOT NULL DEFAULT false,
        logo_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_revision integer NOT NULL
      )`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(`${names.charities}_listed`)}
        ON ${sql.table(names.charities)} (published, payouts_enabled, email_verified, name)`.execute(db);
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(`${names.charities}_manager`)}
        ON ${sql.table(names.charities)} (manager_id)`.execute(db);
  },

  async apply(trx, events, names) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as CharityEvent;
      if (event.type === 'CharityOnboardingStarted') {
        const { data } = event;
        const row = {
          charity_id: data.charityId,
          ein: data.ein,
          name: data.organizationName,
          description: data.description,
          category: data.category,
          address: data.address,
          city: data.city,
          state: data.state,
          zip_code: data.zipCode,
          manager_id: data.managerId,
          created_at: data.at,
          updated_at: data.at,
          last_revision: recorded.revision,
        };
        // A later onboarding of the EIN (the last one expired or was ended) replaces its row whole.
        await trx
          .insertInto(names.charities)
          .values(row)
          .onConflict((conflict) =>
            conflict
              .column('ein')
              .doUpdateSet({
                ...row,
                stripe_account_id: null,
                charges_enabled: false,
                payouts_enabled: false,
                email_verified: false,
                review_approved: false,
                published: false,
                logo_id: null,
              })
              .where(sql`${sql.table(names.charities)}.last_revision`, '<', recorded.revision),
          )
          .execute();
        continue;
      }
      const changes = changesOf(event);
      if (!changes) continue;
      await trx
        .updateTable(names.charities)
        .set({ ...changes, updated_at: event.data.at, last_revision: recorded.revision })
        .where('charity_id', '=', event.data.charityId)
        .where('last_revision', '<', recorded.revision)
        .execute();
    }
  },
};

function changesOf(event: Exclude<CharityEvent, { type: 'CharityOnboardingStarted' }>) {
  switch (event.type) {
    case 'CharityPaymentAccountLinked':
      return { stripe_account_id: event.data.stripeAccountId };
    case 'CharityPaymentAccountUpdated':
      return { charges_enabled: event.data.chargesEnabled, payouts_enabled: event.data.payoutsEnabled };
    case 'CharityEmailVerified':
      return { email_verified: true };
    case 'CharityPublished':
      return { published: true };
    case 'CharityReviewApproved':
      return { review_approved: true };
    case 'CharityOnboardingClosed':
      return { published: false };
    case 'CharityLogoChanged':
      return { logo_id: event.data.logoId };
    case 'CharityLogoRemoved':
      return { logo_id: null };
    case 'CharityContactEmailChanged':
      // The email is never shown; the row only moves its revision on.
      return {};
    default:
      return undefined;
  }
}
