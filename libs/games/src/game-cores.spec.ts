import { GAME_CATALOG, VERIFIED_GAME_SLUGS } from '@arena/contracts';
import { gameCoreFor } from './game-cores';

describe('the catalog and the cores', () => {
  it.each(VERIFIED_GAME_SLUGS)('%s: the catalog describes its core', (slug) => {
    const core = gameCoreFor(slug)!;
    const game = GAME_CATALOG[slug];
    expect(core.slug).toBe(slug);
    expect(core.name).toBe(game.name);
    expect(core.resultKind).toBe(game.resultKind);
    // A TIME game's result is a time within the longest play.
    if (game.resultKind === 'TIME') expect(game.maxScore).toBe(core.maxDurationMs);
  });

  it.each(['chess', '', 'constructor', '__proto__', 'TILES'])('has no core for %j', (slug) => {
    expect(gameCoreFor(slug)).toBeNull();
  });
});
