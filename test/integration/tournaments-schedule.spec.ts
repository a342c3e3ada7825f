import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { JobName, JobsService, JobWorkersModule, QueueName } from '@arena/jobs';
import { EndTournamentProcessor, StartTournamentProcessor, TournamentsModule } from '@arena/tournaments';
import { ADMIN_KEY, startTournamentsHarness, type TournamentsHarness } from './tournaments.harness';

const admin = { authorization: `Bearer ${ADMIN_KEY}` };

describe('scheduled tournaments run by their BullMQ jobs', () => {
  let h: TournamentsHarness;

  beforeAll(async () => {
    h = await startTournamentsHarness([
      JobWorkersModule.register({
        imports: [TournamentsModule],
        handlers: [StartTournamentProcessor, EndTournamentProcessor],
      }),
    ]);
  });
  afterAll(() => h.close());

  const queue = () => h.app.get(JobsService).queue(QueueName.Tournaments);
  const streamTypes = async (id: string) =>
    (await h.store.readStream(`tournament-${id}`)).map((event) => event.type);
  const finished = (jobId: string) =>
    h.eventually(async () => {
      expect(await queue().getJobState(jobId)).toBe('completed');
      // Fetched after completion: a job read before it would carry no return value.
      return (await queue().getJob(jobId)) as Job;
    });

  it('starts and ends at its times, with final standings, and a re-run changes nothing', async () => {
    const tournamentId = randomUUID();
    const now = Date.now();
    const body = {
      tournamentId,
      title: 'Friday Tetris Cup',
      mode: 'SCHEDULED',
      format: 'TIME_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 5000,
      maxParticipants: 10,
      requiredPlan: 'FREE',
      game: {
        slug: 'tetris',
        name: 'Tetris',
        integrationUrl: '/games/tetris',
        maxScore: 100_000,
        external: true,
      },
      tournamentStart: new Date(now + 1500).toISOString(),
      tournamentEnd: new Date(now + 4000).toISOString(),
    };
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/tournaments',
      headers: admin,
      payload: body,
    });
    expect(created.json()).toEqual({ success: true, data: { id: tournamentId, status: 'UPCOMING' } });

    const player = await h.member('sam');
    const join = await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/join`,
      headers: player.auth,
    });
    expect(join.statusCode).toBe(200);
    const early = await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/scores`,
      headers: player.auth,
      payload: { score: 10 },
    });
    expect(early.statusCode).toBe(409);

    const start = await finished(
      `${JobName.StartTournament}-${tournamentId}-${Date.parse(body.tournamentStart)}`,
    );
    expect(start.returnvalue).toBe(`started tournament ${tournamentId}`);
    expect(await streamTypes(tournamentId)).toEqual([
      'TournamentCreated',
      'PlayerJoined',
      'TournamentStarted',
    ]);

    const score = await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/scores`,
      headers: player.auth,
      payload: { score: 4200 },
    });
    expect(score.statusCode).toBe(201);

    const end = await finished(`${JobName.EndTournament}-${tournamentId}-${Date.parse(body.tournamentEnd)}`);
    expect(end.returnvalue).toBe(`completed tournament ${tournamentId}`);
    const events = await h.store.readStream(`tournament-${tournamentId}`);
    // Completion, then the one player's PrizeAllocated: TOP_3_SPLIT with one ranked player pays them the pool.
    expect(events.at(-1)).toMatchObject({
      type: 'PrizeAllocated',
      data: { userId: player.id, amountCents: 5000 },
    });
    expect(events.at(-2)).toMatchObject({
      type: 'TournamentCompleted',
      data: {
        reason: 'SCHEDULE_ENDED',
        finalStandings: [{ rank: 1, userId: player.id, score: 4200, attempts: 1 }],
      },
    });

    // Creating it again re-enqueues under the same job ids: BullMQ keeps the first, nothing runs twice.
    const recreated = await h.app.inject({
      method: 'POST',
      url: '/api/admin/tournaments',
      headers: admin,
      payload: body,
    });
    expect(recreated.json()).toEqual({ success: true, data: { id: tournamentId, status: 'COMPLETED' } });

    // A job delivered again (a stalled worker, a manual retry) finds its effect done.
    await queue().add(JobName.StartTournament, { tournamentId }, { jobId: `rerun-start-${tournamentId}` });
    await queue().add(JobName.EndTournament, { tournamentId }, { jobId: `rerun-end-${tournamentId}` });
    const rerunStart = await finished(`rerun-start-${tournamentId}`);
    const rerunEnd = await finished(`rerun-end-${tournamentId}`);
    expect(rerunStart.returnvalue).toMatch(/already COMPLETED: nothing to do/);
    expect(rerunEnd.returnvalue).toMatch(/already COMPLETED: nothing to do/);
    expect(await h.store.readStream(`tournament-${tournamentId}`)).toHaveLength(events.length);

    const detail = await h.eventually(async () => {
      const response = await h.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}` });
      expect(response.json().data.status).toBe('COMPLETED');
      return response.json().data;
    });
    expect(detail).toMatchObject({
      mode: 'SCHEDULED',
      tournamentStart: body.tournamentStart,
      canJoin: false,
    });
  });
});
