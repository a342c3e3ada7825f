import { Command } from '@nestjs/cqrs';
import type { CreateTournament } from '../../domain/tournament.commands';
import type { TournamentStatus } from '../../domain/tournament.events';
import type { GameChoice } from '../tournament-game';

export type CreateTournamentInput = Omit<
  CreateTournament['data'],
  'tournamentId' | 'tieBreakSeed' | 'now' | 'game'
> & {
  /** Given by the seed for idempotency; a fresh UUID otherwise. */
  tournamentId?: string;
  game: GameChoice;
};

export interface CreateTournamentResult {
  id: string;
  status: TournamentStatus;
  /** False when a tournament with this id and these settings already existed: nothing changed. */
  created: boolean;
}

export class CreateTournamentCommand extends Command<CreateTournamentResult> {
  constructor(readonly input: CreateTournamentInput) {
    super();
  }
}
