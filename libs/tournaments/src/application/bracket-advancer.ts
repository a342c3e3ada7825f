import { isDeepStrictEqual } from 'node:util';
import { Injectable, Logger } from '@nestjs/common';
import { bracketWork } from '../domain/bracket/bracket.decider';
import { isHeadToHead } from '../domain/bracket/bracket.state';
import { MatchDeadlines } from '../infrastructure/match-deadlines';
import { workOutBracket } from './bracket.engine';
import { Clock } from './clock';
import { derivedEventIds } from './event-ids';
import { TournamentStreamRepository } from './tournament-stream.repository';

/** Enough for: draw a stage, advance to the next one, complete, and a few stale outlooks. */
const MAX_STEPS = 6;

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
  private readonly logger = new Logger('BracketAdvancer');
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly deadlines: MatchDeadlines,
    private readonly clock: Clock,
  ) {}

  /**
   * After a member's command, whose own events are already appended: a failure to move the bracket on
   * must not turn their accepted result into an error. It is logged, and the match's deadline job (or
   * the next result) advances the bracket again.
   */
  async advanceAfterMember(tournamentId: string): Promise<void> {
    try {
      await this.advance(tournamentId);
    } catch (error) {
      this.logger.error(
        { err: error, tournamentId },
        'bracket advance failed; the next result or deadline retries it',
      );
    }
  }

  async advance(tournamentId: string): Promise<void> {
    for (let step = 0; step < MAX_STEPS; step++) {
      const state = await this.streams.load(tournamentId);
      if (state.status !== 'ACTIVE' || !isHeadToHead(state.tournament.format)) return;
      const request = bracketWork(state);
      const outlook = request ? await workOutBracket(request) : null;
      const now = this.clock.now();
      const { events, state: after } = await this.streams.execute(
        { type: 'AdvanceBracket', data: { tournamentId, outlook, now: now.toISOString() } },
        derivedEventIds(`bracket-advance:${tournamentId}:${state.bracket.revision}`),
      );
      const open = Object.values(after.bracket.matches).flatMap((match) =>
        match.deadline && !match.decision
          ? [{ tournamentId, matchId: match.layout.matchId, deadline: match.deadline }]
          : [],
      );
      await this.deadlines.schedule(open, now);
      // Nothing appended: done, unless the stream moved while the engine worked (a join just before the
      // draw, a result just before the advance) and the question is now another one.
      if (events.length === 0 && isDeepStrictEqual(bracketWork(after), request)) return;
    }
  }
}
