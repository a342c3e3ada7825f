import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { encodePackedLog, type GameCore, type ReplayVerdict, type TimedInput } from '@arena/games';
import type { VerifiedGameSlug } from '@arena/contracts/games.catalog';
import type { PlayResultBody, VerifiedPlayResult } from '@arena/contracts/plays.contract';
import { playNotFound } from '../../domain/tournament.errors';
import type { ScoreSubmitted } from '../../domain/tournament.events';
import type { MatchPlayed } from '../../domain/bracket/bracket.events';
import { getPlay, verifiedCore } from '../../domain/tournament.plays';
import { GameTokens } from '../../infrastructure/game-tokens';
import { PlayReveals } from '../../infrastructure/play-reveals';
import { VerifiedRuns } from '../../infrastructure/verified-runs';
import { keystreamSeeds } from '../play-keystream';
import { BracketAdvancer } from '../bracket-advancer';
import { Clock } from '../clock';
import { hiddenRuleOf } from '../hidden-plays';
import { resultLog } from '../result-log';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { SubmitPlayResultCommand } from './submit-play-result.command';

/**
 * Checks the game token against the play and the member, replays the log (JSON or packed: `resultLog`)
 * with the play's seed, and lets the decider record what the replay computed. The replay runs here,
 * before the tournament's lane: the lane decides one command at a time, and a replay costs far more
 * than a decision. The decider checks the play again on the stream as it is then (a second result, a
 * newer play).
 */
@CommandHandler(SubmitPlayResultCommand)
export class SubmitPlayResultHandler implements ICommandHandler<SubmitPlayResultCommand, VerifiedPlayResult> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly gameTokens: GameTokens,
    private readonly advancer: BracketAdvancer,
    private readonly clock: Clock,
    private readonly reveals: PlayReveals,
    private readonly runs: VerifiedRuns,
  ) {}

  async execute({ playId, member, body }: SubmitPlayResultCommand): Promise<VerifiedPlayResult> {
    const now = this.clock.now();
    const tournamentId = await this.gameTokens.tournamentOfPlay(body.gameToken, playId, member, now);
    // The replay needs only the play's seed and the tournament's game, which never change once there: a
    // cached state that holds the play does (no read); the decider checks the rest on the newest events
    // when the result is appended (the expected revision).
    const before = await this.streams.loadHoldingPlay(tournamentId, playId);
    const play = before.status === 'NONE' ? undefined : getPlay(before.plays, playId);
    if (before.status === 'NONE' || !play) throw playNotFound();
    const core = verifiedCore(before.tournament);
    const { verdict, run } = await this.checkResult(core, play.seed, playId, body);
    const { events, state } = await this.streams.execute(
      {
        type: 'SubmitPlayResult',
        data: {
          tournamentId,
          playId,
          userId: member.id,
          username: member.username,
          verdict,
          now: now.toISOString(),
        },
      },
      randomEventIds,
    );
    const durationMs = verdict.valid ? verdict.result.durationMs : 0;
    const scored = events.find((event): event is ScoreSubmitted => event.type === 'ScoreSubmitted');
    const played = events.find((event): event is MatchPlayed => event.type === 'MatchPlayed');
    if (verdict.valid && run && (scored || played)) {
      // Recorded after the decider took the result: only a finished, verified play has a run. A crash
      // between the two leaves the score without a run to watch, never a run without its score.
      await this.runs.record({
        playId,
        tournamentId,
        userId: member.id,
        username: member.username,
        game: core.slug,
        ...run(),
        score: verdict.result.score,
        completed: verdict.result.completed,
        durationMs,
        verifiedAt: now,
      });
    }
    if (scored) {
      const { score, completed = true, attempt, bestScore } = scored.data;
      return {
        playId,
        tournamentId,
        matchId: null,
        score,
        completed,
        durationMs,
        attempt,
        bestScore,
        decided: null,
        tournamentStatus: state.status,
      };
    }
    if (!played) throw new Error('A play result appended neither a score nor a match result');
    await this.advancer.advanceAfterMember(tournamentId);
    const after = await this.streams.load(tournamentId);
    return {
      playId,
      tournamentId,
      matchId: played.data.matchId,
      score: played.data.score,
      completed: played.data.completed,
      durationMs,
      attempt: null,
      bestScore: null,
      decided: events.some((event) => event.type === 'MatchDecided'),
      tournamentStatus: after.status === 'NONE' ? state.status : after.status,
    };
  }

  /**
   * The verdict on a result's log, and (when valid) what its run is recorded from. The contract checked
   * the list (or the packed string's length and alphabet); the core checks each entry as it replays (never
   * throws on one). A hidden game's log must be the inputs the server recorded before it revealed what
   * followed them (pairs' flips, tiles' moves), in order, and replays on what it revealed (tiles: the
   * keystream). Tile Merge replays a packed log straight from its bytes (`verifyPacked`, issue 24); the
   * rest read it back into a list first (`resultLog`).
   */
  private async checkResult(
    core: GameCore<unknown>,
    seed: string,
    playId: string,
    body: PlayResultBody,
  ): Promise<{ verdict: ReplayVerdict; run: (() => RunMaterialOf) | null }> {
    const hidden = hiddenRuleOf(core);
    const { packedLog } = body;
    if (packedLog !== undefined && hidden?.verifyPacked) {
      const { verdict, blocks } = hidden.verifyPacked(seed, packedLog, await this.reveals.inputs(playId));
      return {
        verdict,
        run: blocks && (() => ({ seed: null, stepSeeds: Array.from(blocks), packedLog })),
      };
    }
    const read = resultLog(core.slug, body);
    if (!read.ok) return { verdict: { valid: false, reason: read.reason }, run: null };
    const recorded = hidden ? await this.reveals.inputs(playId) : [];
    const verdict = hidden ? hidden.verify(seed, read.log, recorded) : core.replay(seed, read.log);
    if (!verdict.valid) return { verdict, run: null };
    return {
      verdict,
      run: () => ({
        ...runMaterial(core, seed, read.log, recorded),
        packedLog: packedLog ?? encodePackedLog(core.slug as VerifiedGameSlug, read.log),
      }),
    };
  }
}

/** What a verified play's run is recorded from, beside its result. */
interface RunMaterialOf {
  seed: string | null;
  stepSeeds: number[] | null;
  packedLog: string;
}

/**
 * What a watcher's core replays a finished play from (docs/fair-play.md, "Watching a run"): Memory
 * Pairs (and a game with nothing hidden) its seed; a keystream game (Tile Merge, Snake) only the 32 bits
 * of each block the replay used, never the key.
 */
function runMaterial(
  core: GameCore<unknown>,
  seed: string,
  log: readonly TimedInput<unknown>[],
  recorded: readonly string[],
): { seed: string | null; stepSeeds: number[] | null } {
  const { keystream } = core;
  if (!keystream) return { seed, stepSeeds: null };
  const steps = keystream.blocksNeeded ? keystream.blocksNeeded(log, recorded) : log.length + 1;
  return { seed: null, stepSeeds: Array.from(keystreamSeeds(seed, steps)) };
}
