// `npm run art:games`: writes each hosted game's card art, played by its core (libs/games/src/game-art.ts),
// to libs/contracts/src/game-art.boards.ts, where the web can read it. libs/games/src/game-art.spec.ts
// fails when the written file and the cores disagree.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { gameArtModule } from '../src/game-art';

const target = resolve(__dirname, '../../contracts/src/game-art.boards.ts');
void (async () => {
  const options = await resolveConfig(target);
  writeFileSync(target, await format(gameArtModule(), { ...options, filepath: target }));
  console.log(`wrote ${target}`);
})();
