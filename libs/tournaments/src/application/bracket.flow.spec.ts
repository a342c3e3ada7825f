import fc from 'fast-check';
import type { TournamentCommand } from '../domain/tournament.commands';
import {
  decide,
  evolve,
  initialState,
  type ExistingTournament,
  type TournamentState,
} from '../domain/tournament.decider';
import type { TournamentCompleted, TournamentEvent, TournamentFormat } from '../domain/tournament.events';
import { bracketWork } from '../domain/bracket/bracket.decider';
import { BYE } from '../domain/bracket/bracket.events';
import { currentStage } from '../domain/bracket/bracket.state';
import { workOutBracket } from './bracket.engine';

/**
 * The bracket decider driven the way the application drives it: after every change, ask the engine
 * (brackets-manager) and send AdvanceBracket, until nothing moves.
 */
const id = '4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b';
const seed = '00112233445566778899aabbccddeeff';
const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const minutes = (n: number) => new Date(Date.UTC(2026, 10, 22, 12, 0) + n * 60_000).toISOString();

class Flow {
  readonly events: TournamentEvent[] = [];
  clock = 0;
  get state(): ExistingTournament {
    return this.events.reduce(evolve, initialState as TournamentState) as ExistingTournament;
  }
  run(command: TournamentCommand): TournamentEvent[] {
    const events = decide(command, this.state);
    this.events.push(...events);
    return events;
  }
  async advance(): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const state = this.state;
      if (state.status !== 'ACTIVE') return;
      const request = bracketWork(state);
      const outlook = request ? await workOutBracket(request) : null;
      const events = this.run({
        type: 'AdvanceBracket',
        data: { tournamentId: id, outlook, now: minutes(this.clock) },
      });
      if (events.length === 0) return;
    }
  }
  openMatches() {
    return Object.values(this.state.bracket.matches).filter((match) => match.deadline && !match.decision);
  }
}

async function startedFlow(format: TournamentFormat, players: number): Promise<Flow> {
  const flow = new Flow();
  flow.run({
    type: 'CreateTournament',
    data: {
      tournamentId: id,
      title: 'Duel',
      description: '',
      thumbnail: null,
      mode: 'SCHEDULED',
      format,
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 1000,
      maxParticipants: 64,
      requiredPlan: 'FREE',
      rules: '',
      game: {
        slug: 'arcade',
        name: 'Arcade',
        integrationUrl: 'https://arcade.example/play',
        maxScore: 1000,
        external: true,
      },
      tournamentStart: minutes(10),
      tournamentEnd: minutes(100_000),
      tieBreakSeed: seed,
      matchWindowMinutes: 60,
      now: minutes(0),
    },
  });
  for (let n = 1; n <= players; n++) {
    flow.run({
      type: 'JoinTournament',
      data: {
        tournamentId: id,
        userId: user(n),
        username: `p${n}`,
        charityId: null,
        charityName: null,
        memberPlan: 'FREE',
        now: minutes(1 + n / 10),
      },
    });
  }
  flow.clock = 10;
  flow.run({ type: 'StartTournament', data: { tournamentId: id, now: minutes(10) } });
  await flow.advance();
  return flow;
}

type Outcome = 'first' | 'second' | 'tie' | 'only-first' | 'only-second' | 'nobody';

/** Plays every open match by the given outcomes (cycled) until the tournament completes. */
async function playOut(flow: Flow, outcomes: readonly Outcome[]): Promise<TournamentCompleted> {
  let turn = 0;
  for (let guard = 0; guard < 500 && flow.state.status === 'ACTIVE'; guard++) {
    const open = flow.openMatches();
    if (open.length === 0) throw new Error('A live bracket has no open match');
    for (const match of open) {
      const outcome = outcomes[turn++ % outcomes.length]!;
      const play = (userId: string, score: number) =>
        flow.run({
          type: 'RecordMatchResult',
          data: {
            tournamentId: id,
            matchId: match.layout.matchId,
            userId,
            username: 'x',
            score,
            completed: true,
            now: minutes(flow.clock),
          },
        });
      const [a, b] = [match.player1Id!, match.player2Id!];
      if (outcome === 'first' || outcome === 'only-first') play(a, 10);
      if (outcome === 'second' || outcome === 'only-second') play(b, 10);
      if (outcome === 'first') play(b, 5);
      if (outcome === 'second') play(a, 5);
      if (outcome === 'tie') {
        play(a, 7);
        play(b, 7);
      }
    }
    flow.clock += 61;
    for (const match of flow.openMatches()) {
      flow.run({
        type: 'ForfeitMatch',
        data: { tournamentId: id, matchId: match.layout.matchId, now: minutes(flow.clock) },
      });
    }
    await flow.advance();
  }
  const completed = flow.events.find(
    (event): event is TournamentCompleted => event.type === 'TournamentCompleted',
  );
  if (!completed) throw new Error('The bracket never completed');
  return completed;
}

const HEAD_TO_HEAD: TournamentFormat[] = [
  'ROUND_ROBIN',
  'SINGLE_ELIMINATION',
  'DOUBLE_ELIMINATION',
  'ROUND_ROBIN_SINGLE_ELIM',
  'ROUND_ROBIN_DOUBLE_ELIM',
];

describe('head-to-head brackets, driven through brackets-manager', () => {
  it('single elimination with 6 players gives the two top seeds a bye and schedules the other two first-round matches', async () => {
    const flow = await startedFlow('SINGLE_ELIMINATION', 6);
    const generated = flow.events.find((event) => event.type === 'BracketGenerated');
    expect(generated?.data).toMatchObject({ stage: 1, kind: 'SINGLE_ELIMINATION' });
    expect((generated!.data as { seeding: unknown[] }).seeding).toEqual([
      ...[1, 2, 3, 4, 5, 6].map(user),
      null,
      null,
    ]);
    const scheduled = flow.events
      .filter((event) => event.type === 'MatchScheduled')
      .map((event) => event.data);
    expect(scheduled).toEqual([
      expect.objectContaining({
        matchId: 's1-g1-r1-m2',
        player1Id: user(4),
        player2Id: user(5),
        deadline: minutes(70),
      }),
      expect.objectContaining({ matchId: 's1-g1-r1-m4', player1Id: user(3), player2Id: user(6) }),
    ]);
  });

  it.each([
    [3, 4],
    [5, 8],
    [6, 8],
    [7, 8],
  ])('%i players in elimination: the bracket of %i gives the top seeds the byes', async (players, size) => {
    for (const format of ['SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION'] as const) {
      const flow = await startedFlow(format, players);
      const generated = flow.events.find((event) => event.type === 'BracketGenerated');
      if (generated?.type !== 'BracketGenerated') throw new Error('no bracket');
      const firstRound = generated.data.matches.filter((match) => match.group === 1 && match.round === 1);
      const byes = firstRound.filter((match) => match.player1 === BYE || match.player2 === BYE);
      expect(firstRound).toHaveLength(size / 2);
      expect(byes).toHaveLength(size - players);
      const seededWithBye = byes
        .map((match) => (match.player1 === BYE ? match.player2 : match.player1))
        .sort();
      expect(seededWithBye).toEqual(
        Array.from({ length: size - players }, (_, index) => user(index + 1)).sort(),
      );
      const scheduledFirst = flow.events.filter(
        (event) => event.type === 'MatchScheduled' && /^s1-g1-r1-/.test(event.data.matchId),
      );
      expect(scheduledFirst).toHaveLength(size / 2 - (size - players));
    }
  });

  it.each([3, 5, 6, 7])('single elimination with %i players reaches one champion', async (players) => {
    const completed = await playOut(await startedFlow('SINGLE_ELIMINATION', players), ['first']);
    expect(completed.data.reason).toBe('BRACKET_DECIDED');
    expect(completed.data.finalStandings.map((row) => row.rank)).toEqual(
      Array.from({ length: players }, (_, index) => index + 1),
    );
  });

  it.each([3, 5, 6, 7])('double elimination with %i players reaches one champion', async (players) => {
    const completed = await playOut(await startedFlow('DOUBLE_ELIMINATION', players), ['second', 'first']);
    expect(new Set(completed.data.finalStandings.map((row) => row.userId)).size).toBe(players);
  });

  it('a round robin of 4 schedules all six matches at once and ranks by wins', async () => {
    const flow = await startedFlow('ROUND_ROBIN', 4);
    expect(flow.openMatches()).toHaveLength(6);
    const completed = await playOut(flow, ['first']);
    const wins = completed.data.finalStandings.map((row) => row.score);
    expect(wins).toEqual([...wins].sort((a, b) => b - a));
  });

  it('round robin then single elimination sends the top half of the table on, seeded by the table', async () => {
    const flow = await startedFlow('ROUND_ROBIN_SINGLE_ELIM', 6);
    await playOut(flow, ['first', 'second', 'tie']);
    const advanced = flow.events.find((event) => event.type === 'StageAdvanced')!.data as {
      standings: { userId: string }[];
      advancing: string[];
    };
    expect(advanced.advancing).toEqual(advanced.standings.slice(0, 4).map((row) => row.userId));
    expect(flow.state.bracket.stages.map((stage) => stage.kind)).toEqual([
      'ROUND_ROBIN',
      'SINGLE_ELIMINATION',
    ]);
  });

  it('round robin then double elimination: 6 players, 4 go on, the table ranks the two left behind last', async () => {
    const flow = await startedFlow('ROUND_ROBIN_DOUBLE_ELIM', 6);
    const completed = await playOut(flow, ['first', 'only-second', 'second']);
    const advanced = flow.events.find((event) => event.type === 'StageAdvanced')!.data as {
      standings: { userId: string }[];
      advancing: string[];
    };
    expect(advanced.advancing).toHaveLength(4);
    expect(currentStage(flow.state.bracket)?.kind).toBe('DOUBLE_ELIMINATION');
    expect(completed.data.finalStandings.slice(4).map((row) => row.userId)).toEqual(
      advanced.standings.slice(4).map((row) => row.userId),
    );
  });

  it('a bracket with one player completes at once with that player first', async () => {
    const flow = await startedFlow('SINGLE_ELIMINATION', 1);
    const completed = flow.events.find(
      (event): event is TournamentCompleted => event.type === 'TournamentCompleted',
    );
    expect(completed?.data.finalStandings.map((row) => row.userId)).toEqual([user(1)]);
    // The prize model's allocation follows, through the decider's one completion.
    expect(flow.events.at(-1)).toMatchObject({
      type: 'PrizeAllocated',
      data: { userId: user(1), amountCents: 1000 },
    });
  });

  it('advancing again with nothing new appends nothing', async () => {
    const flow = await startedFlow('DOUBLE_ELIMINATION', 5);
    const before = flow.events.length;
    await flow.advance();
    expect(flow.events).toHaveLength(before);
  });

  it('property: every format, 2 to 16 players, any results and forfeits, ends with exactly one champion', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...HEAD_TO_HEAD),
        fc.integer({ min: 2, max: 16 }),
        fc.array(fc.constantFrom<Outcome>('first', 'second', 'tie', 'only-first', 'only-second', 'nobody'), {
          minLength: 1,
          maxLength: 12,
        }),
        async (format, players, outcomes) => {
          const completed = await playOut(await startedFlow(format, players), outcomes);
          const standings = completed.data.finalStandings;
          expect(standings.filter((row) => row.rank === 1)).toHaveLength(1);
          expect(standings.map((row) => row.rank)).toEqual(standings.map((_, index) => index + 1));
          expect(new Set(standings.map((row) => row.userId)).size).toBe(players);
        },
      ),
      { numRuns: 60 },
    );
  });
});
