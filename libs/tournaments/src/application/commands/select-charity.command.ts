import { Command } from '@nestjs/cqrs';
import type { SelectedCharity } from '@arena/contracts';
import type { Member } from '@arena/identity';

export class SelectCharityCommand extends Command<SelectedCharity> {
  constructor(
    readonly tournamentId: string,
    readonly member: Member,
    /** A nine-digit EIN, or null to clear the choice. */
    readonly charityId: string | null,
  ) {
    super();
  }
}
