import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { nothingToReveal, playNotFound } from '../../domain/tournament.errors';
import { openPlayOf, verifiedCore } from '../../domain/tournament.plays';
import { GameTokens } from '../../infrastructure/game-tokens';
import { PlayReveals } from '../../infrastructure/play-reveals';
import { Clock } from '../clock';
import { hiddenRuleOf } from '../hidden-plays';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { RevealStepCommand } from './reveal-step.command';

/** How long the reveals outlive the play: a result sent at the last moment is still checked. */
const KEEP_AFTER_EXPIRY_MS = 60_000;

/**
 * Answers one step of a hidden game's play from the seed only the server holds (docs/fair-play.md),
 * through the game's rule (`hiddenRuleOf`): the member's own open play, the steps in order, each input
 * recorded before its answer is told. Asking again for a step already recorded with the same input
 * answers the same (a retry after a lost answer); another input for it is refused, so no step is ever
 * answered twice. Reads the tournament's state (cached per process, read again only when the cache does not
 * hold the play) and one Redis list per play.
 */
@CommandHandler(RevealStepCommand)
export class RevealStepHandler implements ICommandHandler<RevealStepCommand> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly gameTokens: GameTokens,
    private readonly reveals: PlayReveals,
    private readonly clock: Clock,
  ) {}

  async execute({ playId, member, route, gameToken, step, input }: RevealStepCommand) {
    const now = this.clock.now();
    const tournamentId = await this.gameTokens.tournamentOfPlay(gameToken, playId, member, now);
    // The cached state when it holds the play: no read per step (issue 24: the read was most of a step's
    // database work). It is this process's newest, updated by every command it appends; a play resolved or
    // superseded through another instance may get one more step answered here, which discloses nothing
    // that matters (its result is fixed or refused on the newest events; each play has its own key).
    const state = await this.streams.loadHoldingPlay(tournamentId, playId);
    if (state.status === 'NONE') throw playNotFound();
    const play = openPlayOf(state, playId, member.id, now.toISOString());
    const rule = hiddenRuleOf(verifiedCore(state.tournament));
    if (!rule || rule.route !== route) throw nothingToReveal();
    const record = rule.record(step, input);
    if (record === null) throw rule.refused(`Step ${step} is not ${step === 0 ? 'an opening' : 'an input'}`);
    const keepUntil = new Date(Date.parse(play.expiresAt) + KEEP_AFTER_EXPIRY_MS);
    if (rule.answerAt) {
      // The answer needs no inputs before it: record (or read what the step holds) in one atomic call.
      const { value } = rule.answerAt(play.seed, step);
      const outcome = await this.reveals.recordAt(playId, step, record, keepUntil);
      if ('held' in outcome && outcome.held !== record) throw rule.otherInput(step, outcome.held);
      if ('length' in outcome) throw rule.outOfOrder(outcome.length);
      return { step, input: record, value };
    }
    // Two tries: a concurrent reveal of the same step may land between the read and the append.
    for (let attempt = 0; attempt < 2; attempt++) {
      const recorded = await this.reveals.inputs(playId);
      if (step < recorded.length) {
        if (recorded[step] !== record) throw rule.otherInput(step, recorded[step]!);
        const again = rule.answer(play.seed, recorded.slice(0, step), record);
        if (!again.ok) throw rule.refused(again.reason);
        return { step, input: record, value: again.value };
      }
      if (step > recorded.length) throw rule.outOfOrder(recorded.length);
      const answer = rule.answer(play.seed, recorded, record);
      if (!answer.ok) throw rule.refused(answer.reason);
      if (await this.reveals.append(playId, step, record, keepUntil)) {
        return { step, input: record, value: answer.value };
      }
    }
    throw rule.outOfOrder((await this.reveals.inputs(playId)).length);
  }
}
