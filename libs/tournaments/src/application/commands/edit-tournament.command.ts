import { Command } from '@nestjs/cqrs';
import type { EditedTournament, EditTournamentBody } from '@arena/contracts';

export class EditTournamentCommand extends Command<EditedTournament> {
  constructor(
    readonly tournamentId: string,
    readonly changes: EditTournamentBody,
  ) {
    super();
  }
}
