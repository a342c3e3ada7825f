import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import type { BracketOutlook, BracketRequest } from '../domain/bracket/bracket.commands';
import { BYE, type MatchLayout, type StageKind } from '../domain/bracket/bracket.events';
import { matchIdOf } from '../domain/bracket/bracket.state';

const STAGE_TYPES = {
  ROUND_ROBIN: 'round_robin',
  SINGLE_ELIMINATION: 'single_elimination',
  DOUBLE_ELIMINATION: 'double_elimination',
} as const satisfies Record<StageKind, string>;

/**
 * brackets-manager as a calculator: the event stream is the truth, and each question rebuilds one
 * stage in memory from its recorded seeding, replays the decided matches and reads back who plays
 * whom now. It never stores anything, so nothing can drift from the stream. A stage holds at most a
 * few dozen matches, so the rebuild costs well under a millisecond per match.
 *
 * Settings: one round-robin group; elimination seeds with brackets-manager's default ordering (seed 1
 * meets the last, byes go to the top seeds); double elimination has a single grand final (no reset).
 */
export async function workOutBracket(request: BracketRequest): Promise<BracketOutlook> {
  const manager = new BracketsManager(new InMemoryDatabase());
  await manager.create.stage({
    tournamentId: 0,
    name: `Stage ${request.stage}`,
    type: STAGE_TYPES[request.kind],
    seeding: request.seeding,
    settings:
      request.kind === 'ROUND_ROBIN'
        ? { groupCount: 1 }
        : request.kind === 'DOUBLE_ELIMINATION'
          ? { grandFinal: 'simple' }
          : {},
  });
  const read = async () => {
    const data = await manager.get.stageData(0);
    const names = new Map(data.participant.map((participant) => [participant.id, participant.name]));
    const side = (opponent: { id: number | string | null } | null): string | null =>
      opponent === null ? BYE : opponent.id === null ? null : (names.get(Number(opponent.id)) ?? null);
    return data.match.map((match) => {
      const group = data.group.find((candidate) => candidate.id === match.group_id)!;
      const round = data.round.find((candidate) => candidate.id === match.round_id)!;
      const layout: MatchLayout = {
        matchId: matchIdOf(request.stage, group.number, round.number, match.number),
        stage: request.stage,
        group: group.number,
        round: round.number,
        number: match.number,
        player1: side(match.opponent1),
        player2: side(match.opponent2),
      };
      return { id: match.id, layout };
    });
  };
  let matches = await read();
  for (const decision of request.decisions) {
    const match = matches.find((candidate) => candidate.layout.matchId === decision.matchId);
    if (!match) throw new Error(`Bracket replay: no match ${decision.matchId}`);
    const firstWon = match.layout.player1 === decision.winnerId;
    await manager.update.match({
      id: match.id,
      opponent1: { result: firstWon ? 'win' : 'loss' },
      opponent2: { result: firstWon ? 'loss' : 'win' },
    });
    matches = await read();
  }
  const layouts = matches.map((match) => match.layout);
  return {
    stage: request.stage,
    drawn: request.draw ? { kind: request.kind, seeding: request.seeding, matches: layouts } : null,
    matches: layouts.map(({ matchId, player1, player2 }) => ({ matchId, player1, player2 })),
  };
}
