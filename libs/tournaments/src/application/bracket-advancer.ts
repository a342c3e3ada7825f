import { Injectable } from '@nestjs/common';
import { bracketWork } from '../domain/bracket/bracket.decider';
import { isHeadToHead } from '../domain/bracket/bracket.state';
import { MatchDeadlines } from '../infrastructure/match-deadlines';
import { workOutBracket } from './bracket.engine';
import { Clock } from './clock';
import { deterministicEventIds } from './event-ids';
import { TournamentStreamRepository } from './tournament-stream.repository';

/** Enough for: draw a stage, advance to the next one, complete. */
const MAX_STEPS = 4;

/**
 * Moves a head-to-head tournament's bracket on after anything that can change it (a start, a join
 * that fills an instant bracket, a result, a deadline). Each step asks the engine about the stream's
 * bracket and sends AdvanceBracket with event ids derived from the bracket's revision, so two
 * processes advancing the same bracket append it once. It also re-enqueues the deadline jobs of
 * every open match: enqueuing is idempotent, and a crash between an append and its enqueue heals on
 * the next advance.
 */
@Injectable()
export class BracketAdvancer {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly deadlines: MatchDeadlines,
    private readonly clock: Clock,
  ) {}

  async advance(tournamentId: string): Promise<void> {
    for (let step = 0; step < MAX_STEPS; step++) {
      const state = await this.streams.load(tournamentId);
      if (state.status !== 'ACTIVE' || !isHeadToHead(state.tournament.format)) return;
      const request = bracketWork(state);
      const outlook = request ? await workOutBracket(request) : null;
      const now = this.clock.now();
      const { events, state: after } = await this.streams.execute(
        { type: 'AdvanceBracket', data: { tournamentId, outlook, now: now.toISOString() } },
        deterministicEventIds(`bracket-advance:${tournamentId}:${state.bracket.revision}`),
      );
      const open = Object.values(after.bracket.matches).flatMap((match) =>
        match.deadline && !match.decision
          ? [{ tournamentId, matchId: match.layout.matchId, deadline: match.deadline }]
          : [],
      );
      await this.deadlines.schedule(open, now);
      if (events.length === 0) return;
    }
  }
}
