import * as z from 'zod/mini';

/**
 * The postMessage protocol between the challenge detail page and the game it frames (spec §4 "Game
 * modal messaging"). Written with `zod/mini` because the web bundles it; where the page may frame
 * games from is `client-config.contract.ts`.
 */

/** Scores are whole, non-negative and within a PostgreSQL integer; the server checks them again. */
const score = z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647));
const note = z.optional(z.string().check(z.maxLength(500)));

/** What a game may post to the page. Anything else is ignored. */
export const gameToPageMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('GAME_READY') }),
  /** A run finished: the page shows its score; in a tournament the game then asks to submit it. */
  z.object({ type: z.literal('GAME_COMPLETED'), score }),
  z.object({ type: z.literal('TOURNAMENT_SUBMIT_SCORE'), score }),
  z.object({ type: z.literal('AUTH_ERROR'), message: note }),
  z.object({ type: z.literal('GAME_ERROR'), message: note }),
]);
export type GameToPageMessage = z.infer<typeof gameToPageMessage>;

/**
 * What the page posts to the game after GAME_READY. `token` is the game-session token the games issue
 * will issue (scoped to one session); until then it is null. The member's access token is never sent
 * into the frame.
 */
export type PageToGameMessage =
  { type: 'AUTH'; token: null; tournamentId: string } | { type: 'DEMO_MODE'; tournamentId: string };
