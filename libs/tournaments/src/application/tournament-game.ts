import { catalogGame } from '@arena/contracts/games.catalog';
import { invalidTournament, unknownGame } from '../domain/tournament.errors';
import type { TournamentGame } from '../domain/tournament.events';

/** The game an operator names for a new tournament: a catalog slug alone will do. */
export interface GameChoice {
  slug: string;
  name?: string;
  integrationUrl?: string;
  maxScore?: number;
  external?: boolean;
  resultPublicKey?: string;
}

/**
 * The tournament's game: a catalog game's settings not given come from the catalog (and it is not
 * external unless the operator says so, which the decider refuses); an external game gives them all.
 */
export function tournamentGame(choice: GameChoice): TournamentGame {
  const { slug, name, integrationUrl, maxScore, external, resultPublicKey } = choice;
  const key = resultPublicKey === undefined ? {} : { resultPublicKey };
  const catalog = catalogGame(slug);
  if (catalog) {
    return {
      slug,
      name: name ?? catalog.name,
      integrationUrl: integrationUrl ?? catalog.integrationUrl,
      maxScore: maxScore ?? catalog.maxScore,
      external: external ?? false,
      ...key,
    };
  }
  if (external !== true) throw unknownGame(slug);
  if (name === undefined || integrationUrl === undefined || maxScore === undefined) {
    throw invalidTournament('An external game needs its name, integrationUrl and maxScore');
  }
  return { slug, name, integrationUrl, maxScore, external, ...key };
}
