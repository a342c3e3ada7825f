import { GAME_CATALOG, VERIFIED_GAME_SLUGS } from '@arena/contracts/games.catalog';
import './shared/game.css';

/** The game server's front page: the three games, each playable here as a demo. */
const root = document.getElementById('games')!;
const heading = document.createElement('h1');
heading.textContent = 'Charity Arena games';
const intro = document.createElement('p');
intro.className = 'help';
intro.textContent = 'Play any game here for fun; tournament runs are played from the Charity Arena app.';
const list = document.createElement('ul');
list.className = 'index__list';
for (const slug of VERIFIED_GAME_SLUGS) {
  const game = GAME_CATALOG[slug];
  const link = document.createElement('a');
  link.className = 'index__link';
  link.href = `${game.integrationUrl}?demo=1`;
  const name = document.createElement('strong');
  name.textContent = game.name;
  const tagline = document.createElement('span');
  tagline.textContent = game.tagline;
  link.append(name, tagline);
  const item = document.createElement('li');
  item.append(link);
  list.append(item);
}
root.append(heading, intro, list);
