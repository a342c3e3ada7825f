import { randomBytes, randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StartedPlay } from '@arena/contracts/plays.contract';
import { gameCoreFor } from '@arena/games';
import { noSignIn } from '../../domain/tournament.errors';
import type { PlayStarted } from '../../domain/tournament.events';
import { GameTokens } from '../../infrastructure/game-tokens';
import { Clock } from '../clock';
import { hiddenRuleOf } from '../hidden-plays';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { StartPlayCommand } from './start-play.command';

/**
 * Fixes a fresh seed before play (16 random bytes: nobody can pick or predict it) and answers the
 * play with its game token, and with the seed unless the game keeps its hidden state on the server
 * (Memory Pairs: the layout follows from the seed; Tile Merge: every tile does, so the client never
 * gets it and asks for each step's block as it plays).
 */
@CommandHandler(StartPlayCommand)
export class StartPlayHandler implements ICommandHandler<StartPlayCommand, StartedPlay> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly gameTokens: GameTokens,
    private readonly clock: Clock,
  ) {}

  async execute({ tournamentId, matchId, member }: StartPlayCommand): Promise<StartedPlay> {
    // The token is bound to the sign-in: it dies with it. Every access token names one.
    if (!member.signInId) throw noSignIn();
    const playId = randomUUID();
    const { events } = await this.streams.execute(
      {
        type: 'StartPlay',
        data: {
          tournamentId,
          playId,
          userId: member.id,
          matchId,
          seed: randomBytes(16).toString('hex'),
          now: this.clock.now().toISOString(),
        },
      },
      randomEventIds,
    );
    const started = events.find((event): event is PlayStarted => event.type === 'PlayStarted');
    if (!started) throw new Error('A new play appended no PlayStarted');
    const { game, seed, startedAt, expiresAt } = started.data;
    // A game whose hidden state stays on the server never sees its seed: it asks for each piece as it
    // plays (pairs' faces, tiles' keystream blocks).
    const core = gameCoreFor(game);
    const hidden = core !== null && hiddenRuleOf(core) !== null;
    const gameToken = await this.gameTokens.sign(
      { sub: member.id, sid: member.signInId, play: playId, tid: tournamentId, mid: matchId },
      new Date(expiresAt),
    );
    return {
      playId,
      tournamentId,
      matchId,
      game,
      seed: hidden ? null : seed,
      startedAt,
      expiresAt,
      gameToken,
    };
  }
}
