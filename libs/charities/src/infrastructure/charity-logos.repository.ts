import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { ImageContentType } from '@arena/images';
import type { CharitiesTables } from './charities.tables';

/** Charities' logo images, each named by its bytes' hash: written once, never changed. */
@Injectable()
export class CharityLogosRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharitiesTables>) {}

  /** The same image again (a retry, a second tab) writes nothing: its name is its content. */
  async save(logo: {
    charityId: string;
    logoId: string;
    ein: string;
    contentType: ImageContentType;
    image: Buffer;
    at: Date;
  }): Promise<void> {
    await this.db
      .insertInto('charity_logos')
      .values({
        charity_id: logo.charityId,
        logo_id: logo.logoId,
        ein: logo.ein,
        content_type: logo.contentType,
        image: logo.image,
        created_at: logo.at,
      })
      .onConflict((oc) => oc.columns(['ein', 'logo_id']).doNothing())
      .execute();
  }

  find(ein: string, logoId: string) {
    return this.db
      .selectFrom('charity_logos')
      .select(['content_type', 'image'])
      .where('ein', '=', ein)
      .where('logo_id', '=', logoId)
      .executeTakeFirst();
  }
}
