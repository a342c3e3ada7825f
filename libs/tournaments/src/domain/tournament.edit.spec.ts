import { TournamentError } from './tournament.errors';
import type { TournamentCommand } from './tournament.commands';
import type { EditableSettings, TournamentEvent } from './tournament.events';
import {
  at,
  created,
  id,
  joined,
  scheduledCreated,
  spec,
  startCommand,
  started,
  endCommand,
} from './tournament.fixtures';

const editCommand = (changes: Partial<EditableSettings>, minute = 5): TournamentCommand => ({
  type: 'EditTournament',
  data: { tournamentId: id, changes, now: at(minute) },
});
const edited = (changes: Partial<EditableSettings>, minute = 5): TournamentEvent => ({
  type: 'TournamentEdited',
  data: { tournamentId: id, changes, editedAt: at(minute) },
});

describe('editing a scheduled tournament', () => {
  it('an operator edits an upcoming tournament: only the settings that change are recorded', () => {
    spec
      .given([scheduledCreated()])
      .when(editCommand({ title: 'Snake Sprint II', prizePoolCents: 2500, rules: 'New rules' }))
      .then([edited({ title: 'Snake Sprint II', rules: 'New rules' })]);
  });

  it('an edit that changes nothing stays quiet', () => {
    spec
      .given([scheduledCreated(), edited({ title: 'Snake Sprint II' })])
      .when(editCommand({ title: 'Snake Sprint II' }, 6))
      .then([]);
  });

  it('moves the start and the end', () => {
    spec
      .given([scheduledCreated()])
      .when(editCommand({ tournamentStart: at(20), tournamentEnd: at(80) }))
      .then([edited({ tournamentStart: at(20), tournamentEnd: at(80) })]);
  });

  it('is refused once the tournament has started', () => {
    spec
      .given([scheduledCreated(), started(10)])
      .when(editCommand({ title: 'Late' }, 11))
      .thenThrows(TournamentError, /can no longer be edited: it is active/);
  });

  it('is refused at the start time even before the start job ran', () => {
    spec
      .given([scheduledCreated()])
      .when(editCommand({ title: 'Late' }, 10))
      .thenThrows(TournamentError, /can no longer be edited: it has started/);
  });

  it('an instant tournament is never edited', () => {
    spec
      .given([created(), started()])
      .when(editCommand({ title: 'Other' }))
      .thenThrows(TournamentError, /only a scheduled tournament is edited/);
  });

  it('a cancelled tournament is not edited', () => {
    spec
      .given([
        scheduledCreated(),
        {
          type: 'TournamentCancelled',
          data: { tournamentId: id, reason: 'Venue closed', cancelledAt: at(3) },
        },
      ])
      .when(editCommand({ title: 'Other' }))
      .thenThrows(TournamentError, /it is cancelled/);
  });

  it('checks the edited settings like a new tournament: start before end', () => {
    spec
      .given([scheduledCreated()])
      .when(editCommand({ tournamentEnd: at(8) }))
      .thenThrows(TournamentError, /tournamentStart before its tournamentEnd/);
  });

  it('refuses a start in the past', () => {
    spec
      .given([scheduledCreated()])
      .when(editCommand({ tournamentStart: at(4) }))
      .thenThrows(TournamentError, /tournamentStart must be in the future/);
  });

  it('refuses a cap below the players who joined', () => {
    spec
      .given([scheduledCreated({ maxParticipants: 5 }), joined('a'), joined('b')])
      .when(editCommand({ maxParticipants: 1 }))
      .thenThrows(TournamentError, /at least the 2 players who joined/);
  });

  it('refuses text a read model cannot store', () => {
    spec
      .given([scheduledCreated()])
      .when(editCommand({ title: 'a\u0000b' }))
      .thenThrows(TournamentError, /title must not contain NUL/);
  });

  it('a new prize model without settings goes back to its defaults', () => {
    spec
      .given([scheduledCreated({ prizeConfig: { model: 'WINNER_TAKES_ALL' } })])
      .when(editCommand({ prizeModel: 'TOP_3_SPLIT' }))
      .then([edited({ prizeModel: 'TOP_3_SPLIT', prizeConfig: null })]);
  });

  it('refuses prize settings of another model', () => {
    spec
      .given([scheduledCreated()])
      .when(editCommand({ prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 100 } }))
      .thenThrows(TournamentError, /prizeConfig.model must equal prizeModel/);
  });
});

describe('start and end jobs after an edit', () => {
  const moved = edited({ tournamentStart: at(20), tournamentEnd: at(80) });

  it('the job queued for the old start does nothing', () => {
    spec
      .given([scheduledCreated(), moved])
      .when(startCommand(10, at(10)))
      .then([]);
  });

  it('the job for the new start starts it', () => {
    spec
      .given([scheduledCreated(), moved])
      .when(startCommand(20, at(20)))
      .then([{ type: 'TournamentStarted', data: { tournamentId: id, startedAt: at(20) } }]);
  });

  it('a start job queued before edits existed (no instant) starts it as before', () => {
    spec
      .given([scheduledCreated()])
      .when(startCommand(10))
      .then([{ type: 'TournamentStarted', data: { tournamentId: id, startedAt: at(10) } }]);
  });

  it('the job queued for the old end does nothing', () => {
    spec
      .given([scheduledCreated(), moved, started(20)])
      .when(endCommand(50, at(50)))
      .then([]);
  });
});
