import { z } from 'zod';

/** GET /api/config: what the web app learns at run time, since one build runs in every environment. */
export const clientConfig = z
  .object({
    /** The origin games are framed from (GAME_ORIGIN); null when none is configured. */
    gameOrigin: z.string().nullable(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfig>;
