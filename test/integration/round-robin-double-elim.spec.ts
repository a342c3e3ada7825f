import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { JobName, JobsService, JobWorkersModule, QueueName } from '@arena/jobs';
import {
  Clock,
  MatchDeadlineProcessor,
  StartTournamentProcessor,
  TournamentsModule,
  type TournamentEvent,
} from '@arena/tournaments';
import { ADMIN_KEY, startTournamentsHarness, type TournamentsHarness } from './tournaments.harness';

const admin = { authorization: `Bearer ${ADMIN_KEY}` };

/**
 * A 6-player ROUND_ROBIN_DOUBLE_ELIM tournament from creation to its champion, through the HTTP API
 * and the BullMQ jobs: the start job draws the round robin, one match is decided by its deadline job,
 * the top four go on to double elimination, and the grand final completes the tournament.
 */
describe('a 6-player round robin then double elimination, through the API and the jobs', () => {
  let h: TournamentsHarness;
  let offsetMs = 0;

  beforeAll(async () => {
    h = await startTournamentsHarness([
      JobWorkersModule.register({
        imports: [TournamentsModule],
        handlers: [StartTournamentProcessor, MatchDeadlineProcessor],
      }),
    ]);
    // The bracket handlers' clock, moved past a deadline instead of waiting five minutes.
    h.app.get(Clock).now = () => new Date(Date.now() + offsetMs);
  });
  afterAll(() => h.close());

  const queue = () => h.app.get(JobsService).queue(QueueName.Tournaments);
  const stream = async (id: string) =>
    (await h.store.readStream(`tournament-${id}`)).map(
      (event) => ({ type: event.type, data: event.data }) as TournamentEvent,
    );
  const openMatches = async (id: string) => {
    const events = await stream(id);
    const decided = new Set(
      events.flatMap((event) => (event.type === 'MatchDecided' ? [event.data.matchId] : [])),
    );
    return events.flatMap((event) =>
      event.type === 'MatchScheduled' && !decided.has(event.data.matchId) ? [event.data] : [],
    );
  };
  const finished = (jobId: string) =>
    h.eventually(async () => {
      expect(await queue().getJobState(jobId)).toBe('completed');
      return (await queue().getJob(jobId)) as Job;
    });

  it('runs to one champion, with a forfeit at a deadline, and completes with final standings', async () => {
    const tournamentId = randomUUID();
    // Start jobs are named after their instant (tournament.scheduler.ts).
    const tournamentStart = new Date(Date.now() + 1500).toISOString();
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/tournaments',
      headers: admin,
      payload: {
        tournamentId,
        title: 'Chess Ladder',
        mode: 'SCHEDULED',
        format: 'ROUND_ROBIN_DOUBLE_ELIM',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 10_000,
        maxParticipants: 6,
        game: {
          slug: 'chess',
          name: 'Chess',
          integrationUrl: '/games/chess',
          maxScore: 1000,
          external: true,
        },
        tournamentStart,
        tournamentEnd: new Date(Date.now() + 86_400_000).toISOString(),
        matchWindowMinutes: 5,
      },
    });
    expect(created.statusCode).toBe(201);

    const players = await Promise.all(
      ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].map((name) => h.member(name)),
    );
    const byId = new Map(players.map((player) => [player.id, player]));
    for (const player of players) {
      const join = await h.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournamentId}/join`,
        headers: player.auth,
      });
      expect(join.statusCode).toBe(200);
    }
    const outsider = await h.member('zed');
    const full = await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/join`,
      headers: outsider.auth,
    });
    expect(full.statusCode).toBe(409);

    await finished(`${JobName.StartTournament}-${tournamentId}-${Date.parse(tournamentStart)}`);
    const roundRobin = await openMatches(tournamentId);
    expect(roundRobin).toHaveLength(15);
    const detail = (auth?: { authorization: string }) =>
      h.app
        .inject({ method: 'GET', url: `/api/tournaments/${tournamentId}`, headers: auth ?? {} })
        .then((r) => r.json().data);
    const drawn = await h.eventually(async () => {
      const data = await detail(players[0]!.auth);
      expect(data.bracket?.stages).toHaveLength(1);
      return data;
    });
    expect(drawn.bracket.stages[0]).toMatchObject({ kind: 'ROUND_ROBIN', standings: expect.any(Array) });
    expect(drawn.myNextMatch).toMatchObject({ stageKind: 'ROUND_ROBIN', played: false });
    expect(drawn.matchWindowMinutes).toBe(5);
    expect((await detail(outsider.auth)).canJoin).toBe(false);

    const result = (matchId: string, auth: { authorization: string }, score: number) =>
      h.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournamentId}/matches/${matchId}/result`,
        headers: auth,
        payload: { score },
      });

    // Bad input first: someone not in the match, an unknown match, an unknown tournament, a bad score.
    const [first, ...rest] = roundRobin;
    const stranger = players.find(
      (player) => player.id !== first!.player1Id && player.id !== first!.player2Id,
    )!;
    expect((await result(first!.matchId, stranger.auth, 5)).statusCode).toBe(403);
    expect((await result('s9-g1-r1-m1', stranger.auth, 5)).json()).toMatchObject({
      statusCode: 404,
      message: 'Match not found',
    });
    const unknown = await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${randomUUID()}/matches/${first!.matchId}/result`,
      headers: stranger.auth,
      payload: { score: 1 },
    });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'Tournament not found' });
    expect((await result(first!.matchId, byId.get(first!.player1Id)!.auth, -1)).statusCode).toBe(400);
    expect((await result(first!.matchId, byId.get(first!.player1Id)!.auth, 1e12)).statusCode).toBe(400);

    // The first match: only player1 plays; its deadline decides it.
    expect((await result(first!.matchId, byId.get(first!.player1Id)!.auth, 40)).statusCode).toBe(201);
    expect((await result(first!.matchId, byId.get(first!.player1Id)!.auth, 41)).statusCode).toBe(409);
    // Every other round-robin match: the lower-listed player wins with the higher score.
    for (const match of rest) {
      expect((await result(match.matchId, byId.get(match.player1Id)!.auth, 10)).statusCode).toBe(201);
      const second = await result(match.matchId, byId.get(match.player2Id)!.auth, 20);
      expect(second.json().data).toMatchObject({ decided: true, winnerId: match.player2Id });
    }

    offsetMs = 6 * 60_000;
    const late = await result(first!.matchId, byId.get(first!.player2Id)!.auth, 99);
    expect(late.json()).toMatchObject({ statusCode: 409, message: expect.stringMatching(/deadline/) });
    const deadlineJobId = `${JobName.MatchDeadline}-${tournamentId}-${first!.matchId}`;
    await (await queue().getJob(deadlineJobId))!.promote();
    const deadlineRun = await finished(deadlineJobId);
    expect(deadlineRun.returnvalue).toMatch(/decided at its deadline/);
    // The job run again (BullMQ delivers at least once) changes nothing.
    const before = (await stream(tournamentId)).length;
    expect(await h.app.get(MatchDeadlineProcessor).handle({ tournamentId, matchId: first!.matchId })).toMatch(
      /already decided/,
    );
    expect(await stream(tournamentId)).toHaveLength(before);

    const events = await stream(tournamentId);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'MatchDecided',
        data: expect.objectContaining({
          matchId: first!.matchId,
          winnerId: first!.player1Id,
          reason: 'FORFEIT',
        }),
      }),
    );
    const advanced = events.find((event) => event.type === 'StageAdvanced');
    expect(advanced?.type === 'StageAdvanced' && advanced.data.advancing).toHaveLength(4);

    // Double elimination: player1 of each match wins, until the grand final is decided.
    for (let guard = 0; guard < 20; guard++) {
      const open = await openMatches(tournamentId);
      if (open.length === 0) break;
      for (const match of open) {
        expect((await result(match.matchId, byId.get(match.player1Id)!.auth, 30)).statusCode).toBe(201);
        expect((await result(match.matchId, byId.get(match.player2Id)!.auth, 25)).statusCode).toBe(201);
      }
    }
    const final = await stream(tournamentId);
    const completed = final.find((event) => event.type === 'TournamentCompleted');
    expect(completed?.type).toBe('TournamentCompleted');
    if (completed?.type !== 'TournamentCompleted') return;
    expect(completed.data.reason).toBe('BRACKET_DECIDED');
    expect(completed.data.finalStandings.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    const grandFinal = final.filter((event) => event.type === 'MatchDecided').at(-1);
    expect(grandFinal?.type === 'MatchDecided' && grandFinal.data.matchId).toMatch(/^s2-g3-/);
    expect(completed.data.finalStandings[0]!.userId).toBe(
      grandFinal?.type === 'MatchDecided' ? grandFinal.data.winnerId : null,
    );
    // Winner Directs All Donations: one PrizeAllocated, the whole pool to the champion.
    const allocations = final.flatMap((event) => (event.type === 'PrizeAllocated' ? [event.data] : []));
    expect(allocations).toEqual([
      expect.objectContaining({
        rank: 1,
        userId: completed.data.finalStandings[0]!.userId,
        amountCents: 10_000,
      }),
    ]);
    const shown = await h.eventually(async () => {
      const data = await detail();
      expect(data.bracket.stages).toHaveLength(2);
      expect(data.bracket.stages[1].rounds.at(-1)).toMatchObject({ group: 'GRAND_FINAL' });
      expect(data.bracket.stages[1].rounds.at(-1).matches[0].status).toBe('COMPLETED');
      return data;
    });
    expect(shown.myNextMatch).toBeNull();
    // The leaderboard of a finished bracket is its final order, the champion first, whoever won the
    // most matches on the way.
    const ranked = await h.eventually(async () => {
      const data = await detail();
      expect(data.status).toBe('COMPLETED');
      return data;
    });
    expect(ranked.leaderboard.map((entry: { userId: string }) => entry.userId)).toEqual(
      completed.data.finalStandings.map((row) => row.userId),
    );
    // Nothing more is accepted once it is over.
    const after = await result(first!.matchId, byId.get(first!.player1Id)!.auth, 1);
    expect(after.statusCode).toBe(409);
  });

  it('an instant bracket is drawn when its last place is taken; 50 copies of one result at once count once', async () => {
    const tournamentId = randomUUID();
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/tournaments',
      headers: admin,
      payload: {
        tournamentId,
        title: 'Quick Duel',
        mode: 'INSTANT',
        format: 'SINGLE_ELIMINATION',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 500,
        maxParticipants: 2,
        game: {
          slug: 'chess',
          name: 'Chess',
          integrationUrl: '/games/chess',
          maxScore: 1000,
          external: true,
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const [ann, bob] = [await h.member('ann'), await h.member('bob')];
    await h.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/join`, headers: ann.auth });
    expect(await openMatches(tournamentId)).toEqual([]);
    await h.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/join`, headers: bob.auth });
    const [match] = await openMatches(tournamentId);
    expect(match).toMatchObject({ matchId: 's1-g1-r1-m1' });

    const post = (auth: { authorization: string }, score: number) =>
      h.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournamentId}/matches/${match!.matchId}/result`,
        headers: auth,
        payload: { score },
      });
    const burst = await Promise.all(Array.from({ length: 50 }, () => post(ann.auth, 10)));
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);

    const last = await post(bob.auth, 12);
    expect(last.json().data).toMatchObject({
      decided: true,
      winnerId: bob.id,
      tournamentStatus: 'COMPLETED',
    });
    const types = (await stream(tournamentId)).map((event) => event.type);
    expect(types.filter((type) => type === 'MatchPlayed')).toHaveLength(2);
    expect(types).toContain('TournamentCompleted');
  });

  it('a cancelled bracket takes no result, shows no next match, and its deadline jobs change nothing', async () => {
    const tournamentId = randomUUID();
    await h.app.inject({
      method: 'POST',
      url: '/api/admin/tournaments',
      headers: admin,
      payload: {
        tournamentId,
        title: 'Called Off',
        mode: 'INSTANT',
        format: 'DOUBLE_ELIMINATION',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 500,
        maxParticipants: 2,
        game: {
          slug: 'chess',
          name: 'Chess',
          integrationUrl: '/games/chess',
          maxScore: 1000,
          external: true,
        },
      },
    });
    const [ann, bob] = [await h.member('ann'), await h.member('bob')];
    for (const player of [ann, bob]) {
      await h.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournamentId}/join`,
        headers: player.auth,
      });
    }
    const [match] = await openMatches(tournamentId);
    const cancel = await h.app.inject({
      method: 'POST',
      url: `/api/admin/tournaments/${tournamentId}/cancel`,
      headers: admin,
      payload: { reason: 'Venue flooded' },
    });
    expect(cancel.statusCode).toBe(200);
    const late = await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/matches/${match!.matchId}/result`,
      headers: ann.auth,
      payload: { score: 3 },
    });
    expect(late.statusCode).toBe(409);
    offsetMs = 2 * 86_400_000;
    const before = (await stream(tournamentId)).length;
    expect(await h.app.get(MatchDeadlineProcessor).handle({ tournamentId, matchId: match!.matchId })).toMatch(
      /nothing to do/,
    );
    expect(await stream(tournamentId)).toHaveLength(before);
    const shown = await h.eventually(async () => {
      const response = await h.app.inject({
        method: 'GET',
        url: `/api/tournaments/${tournamentId}`,
        headers: ann.auth,
      });
      expect(response.json().data.status).toBe('CANCELLED');
      return response.json().data;
    });
    expect(shown.myNextMatch).toBeNull();
    expect(shown.bracket.stages).toHaveLength(1);
  });
});
