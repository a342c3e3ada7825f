import { z } from 'zod';

/** GET /api/config: what the web app learns at run time, since one build runs in every environment. */
export const clientConfig = z
  .object({
    /** The origin games are framed from (GAME_ORIGIN); null when none is configured. */
    gameOrigin: z.string().nullable(),
    /**
     * Which payment provider runs: 'local' is the test-mode driver (the UI says "test mode"); with
     * 'stripe', its publishable key (null when STRIPE_PUBLISHABLE_KEY is unset).
     */
    payments: z.object({
      mode: z.enum(['stripe', 'local']),
      publishableKey: z.string().nullable(),
    }),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfig>;
