import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EditedTournament } from '@arena/contracts';
import type { TournamentEdited } from '../../domain/tournament.events';
import { TournamentScheduler } from '../../infrastructure/tournament.scheduler';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { EditTournamentCommand } from './edit-tournament.command';

/** An operator's edit of a scheduled tournament; a moved start or end moves its jobs. */
@CommandHandler(EditTournamentCommand)
export class EditTournamentHandler implements ICommandHandler<EditTournamentCommand, EditedTournament> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly scheduler: TournamentScheduler,
  ) {}

  async execute({ tournamentId, changes }: EditTournamentCommand): Promise<EditedTournament> {
    const now = new Date();
    // What it was before, to take the jobs of a moved time off the queue (they would do nothing anyway).
    const before = await this.streams.load(tournamentId);
    const { events, state } = await this.streams.execute(
      { type: 'EditTournament', data: { tournamentId, changes, now: now.toISOString() } },
      randomEventIds,
    );
    const edited = events.find((event): event is TournamentEdited => event.type === 'TournamentEdited');
    const changed = edited ? Object.keys(edited.data.changes) : [];
    if (edited && ('tournamentStart' in edited.data.changes || 'tournamentEnd' in edited.data.changes)) {
      await this.scheduler.schedule(
        state.tournament,
        now,
        before.status === 'NONE' ? undefined : before.tournament,
      );
    }
    return { id: tournamentId, status: state.status, changed };
  }
}
