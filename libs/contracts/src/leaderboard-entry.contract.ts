import { z } from 'zod';

/**
 * One row of a live leaderboard (spec: rank, userId, username, avatarUrl, score, charityName, charityUrl).
 * In its own module, apart from tournaments.contract, so the realtime messages that carry it do not make a
 * browser build every tournament schema: the challenge page's socket needs this one (issue 23's
 * performance item; tournaments.contract re-exports it).
 */
export const leaderboardEntry = z
  .object({
    rank: z.number().int(),
    userId: z.uuid(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    score: z.number(),
    charityName: z.string().nullable(),
    charityUrl: z.string().nullable(),
    /**
     * Our addition (issue 23): the charity's logo once it is published on Charity Arena, else null (the
     * web shows its monogram). Read with the entries themselves, so the live message costs no extra query.
     */
    charityLogoUrl: z.string().nullable(),
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;
