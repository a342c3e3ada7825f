import { TournamentError } from './tournament.errors';
import type { TournamentCommand } from './tournament.commands';
import type { TournamentEvent } from './tournament.events';
import { at, created, id, join, joined, spec, started } from './tournament.fixtures';

const redCross = { charityId: '530196605', charityName: 'American National Red Cross' };
const select = (userId: string, charity: typeof redCross | null, minute = 5): TournamentCommand => ({
  type: 'SelectCharity',
  data: {
    tournamentId: id,
    userId,
    charityId: charity?.charityId ?? null,
    charityName: charity?.charityName ?? null,
    now: at(minute),
  },
});
const selected = (userId: string, charity: typeof redCross | null, minute = 5): TournamentEvent => ({
  type: 'PlayerCharitySelected',
  data: {
    tournamentId: id,
    userId,
    charityId: charity?.charityId ?? null,
    charityName: charity?.charityName ?? null,
    selectedAt: at(minute),
  },
});

describe('plan gating on join', () => {
  it('a Free member joins a Free tournament', () => {
    spec
      .given([created(), started()])
      .when(join('a', 'FREE'))
      .then([joined('a')]);
  });

  it('a Free member is refused a Premium tournament, with the plan named', () => {
    spec
      .given([created({ requiredPlan: 'PREMIUM' }), started()])
      .when(join('a', 'FREE'))
      .thenThrows(TournamentError, 'This tournament requires the Premium plan');
  });

  it('a Premium member is refused a Premium+ tournament', () => {
    spec
      .given([created({ requiredPlan: 'PREMIUM_PLUS' }), started()])
      .when(join('a', 'PREMIUM'))
      .thenThrows(TournamentError, 'This tournament requires the Premium+ plan');
  });

  it('a higher plan joins a lower tournament', () => {
    spec
      .given([created({ requiredPlan: 'PREMIUM' }), started()])
      .when(join('a', 'PREMIUM_PLUS'))
      .then([joined('a')]);
  });

  it('the refusal is a 403 (forbidden)', () => {
    expect.assertions(1);
    try {
      spec
        .given([created({ requiredPlan: 'PREMIUM' })])
        .when(join('a', 'FREE'))
        .then([]);
    } catch (error) {
      expect((error as TournamentError).kind).toBe('forbidden');
    }
  });
});

describe("a player's charity for the tournament", () => {
  it('a joined player chooses a charity', () => {
    spec
      .given([created(), started(), joined('a')])
      .when(select('a', redCross))
      .then([selected('a', redCross)]);
  });

  it('choosing the current charity again stays quiet', () => {
    spec
      .given([created(), started(), joined('a', 1, redCross)])
      .when(select('a', redCross))
      .then([]);
  });

  it('a player clears their choice', () => {
    spec
      .given([created(), started(), joined('a', 1, redCross)])
      .when(select('a', null))
      .then([selected('a', null)]);
  });

  it('someone who has not joined is refused', () => {
    spec
      .given([created(), started(), joined('a')])
      .when(select('b', redCross))
      .thenThrows(TournamentError, 'You have not joined this tournament');
  });

  it('is refused once the tournament completed', () => {
    spec
      .given([
        created(),
        started(),
        joined('a'),
        {
          type: 'TournamentCompleted',
          data: { tournamentId: id, completedAt: at(3), reason: 'SCHEDULE_ENDED', finalStandings: [] },
        },
      ])
      .when(select('a', redCross))
      .thenThrows(TournamentError, /charity can no longer be changed: this tournament has ended/);
  });

  it('is refused once the tournament was cancelled', () => {
    spec
      .given([
        created(),
        joined('a'),
        { type: 'TournamentCancelled', data: { tournamentId: id, reason: 'Storm', cancelledAt: at(3) } },
      ])
      .when(select('a', redCross))
      .thenThrows(TournamentError, /was cancelled/);
  });

  it('an unknown tournament is not found', () => {
    spec.given([]).when(select('a', redCross)).thenThrows(TournamentError, 'Tournament not found');
  });

  it('the latest choice is the one the player holds', () => {
    spec
      .given([created(), started(), joined('a'), selected('a', redCross), selected('a', null, 6)])
      .when(select('a', redCross, 7))
      .then([selected('a', redCross, 7)]);
  });
});
