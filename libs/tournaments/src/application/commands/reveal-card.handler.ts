import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RevealedCard } from '@arena/contracts/plays.contract';
import {
  nothingToReveal,
  playNotFound,
  revealedOtherCard,
  revealOutOfOrder,
  revealRefused,
} from '../../domain/tournament.errors';
import { openPlayOf, verifiedCore } from '../../domain/tournament.plays';
import { GameTokens } from '../../infrastructure/game-tokens';
import { PlayReveals } from '../../infrastructure/play-reveals';
import { Clock } from '../clock';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { RevealCardCommand } from './reveal-card.command';

/** How long the reveals outlive the play: a result sent at the last moment is still checked. */
const KEEP_AFTER_EXPIRY_MS = 60_000;

/**
 * Answers one flip of a hidden game's play from the seed only the server holds (docs/fair-play.md):
 * the member's own open play, the flips in order, each checked by the game's rules before its face is
 * told. Asking again for a flip already revealed answers the same (a retry after a lost answer); the
 * same flip number with another card is refused, so no flip is ever revealed twice. Reads the
 * tournament's state (cached per process) and one Redis list of at most PLAY_MAX_REVEALS cards (the
 * contract's bound on `flip`); the rules replay the flips before it, O(flips).
 */
@CommandHandler(RevealCardCommand)
export class RevealCardHandler implements ICommandHandler<RevealCardCommand, RevealedCard> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly gameTokens: GameTokens,
    private readonly reveals: PlayReveals,
    private readonly clock: Clock,
  ) {}

  async execute({ playId, member, body }: RevealCardCommand): Promise<RevealedCard> {
    const now = this.clock.now();
    const tournamentId = await this.gameTokens.tournamentOfPlay(body.gameToken, playId, member, now);
    const state = await this.streams.load(tournamentId);
    if (state.status === 'NONE') throw playNotFound();
    const play = openPlayOf(state, playId, member.id, now.toISOString());
    const rules = verifiedCore(state.tournament).reveals;
    if (!rules) throw nothingToReveal();
    const { flip, card } = body;
    // Two tries: a concurrent reveal of the same flip may land between the read and the append.
    for (let attempt = 0; attempt < 2; attempt++) {
      const cards = await this.reveals.cards(playId);
      if (flip < cards.length) {
        if (cards[flip] !== card) throw revealedOtherCard(flip, cards[flip]!);
        const again = rules.reveal(play.seed, cards.slice(0, flip), card);
        if (!again.ok) throw revealRefused(again.reason);
        return { playId, flip, card, face: again.value };
      }
      if (flip > cards.length) throw revealOutOfOrder(cards.length);
      const answer = rules.reveal(play.seed, cards, card);
      if (!answer.ok) throw revealRefused(answer.reason);
      const keepUntil = new Date(Date.parse(play.expiresAt) + KEEP_AFTER_EXPIRY_MS);
      if (await this.reveals.append(playId, flip, card, keepUntil)) {
        return { playId, flip, card, face: answer.value };
      }
    }
    throw revealOutOfOrder((await this.reveals.cards(playId)).length);
  }
}
