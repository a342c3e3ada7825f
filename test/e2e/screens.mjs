// Screenshots of every page at 390 and 1280 px into docs/screens/, with a README listing them. Run with
// `npm run screens` (builds the web app first): the route walk (test/e2e/route-walk.spec.ts) takes them
// on the demo data while it checks each page, so a new page in WEB_ROUTES gets its screens too.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENS_DIR = resolve(root, 'docs/screens');

// A page that left the walk must not leave its old pictures behind.
mkdirSync(SCREENS_DIR, { recursive: true });
for (const file of readdirSync(SCREENS_DIR)) if (file.endsWith('.png')) rmSync(resolve(SCREENS_DIR, file));

const walk = spawnSync('npx', ['jest', 'test/e2e/route-walk.spec.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SCREENS_DIR, E2E_SCREENSHOTS: '0' },
});

const shots = readdirSync(SCREENS_DIR)
  .filter((file) => file.endsWith('.png'))
  .sort();
const pages = [...new Set(shots.map((file) => file.replace(/-(390|1280)\.png$/, '')))];
const cell = (file) =>
  shots.includes(file) ? `[${file.replace(/^.*-/, '').replace('.png', ' px')}](${file})` : '—';
writeFileSync(
  resolve(SCREENS_DIR, 'README.md'),
  [
    '# Screens',
    '',
    'Every page of the web app (`WEB_ROUTES` in `libs/contracts/src/web.routes.ts`) at phone (390 px) and',
    'desktop (1280 px) width, on the demo data of `npm start`, full page (cut at 6,000 px). Regenerate them',
    'all with one command:',
    '',
    '```sh',
    'npm run screens',
    '```',
    '',
    'It builds the web app and runs the route walk (`test/e2e/route-walk.spec.ts`) with `SCREENS_DIR` set:',
    'the same walk that fails on anything wider than the screen, a table column hidden behind a sideways',
    'scroll or an axe-core violation. `/profile` and `/subscription/manage` are shown signed in as the demo',
    'member Ben; the other pages as a guest. `challenges-id` is the October Double Knockout Cup,',
    '`challenges-id-2` the October Groups and Double Knockout Cup and `challenges-id-3` Tile Merge Top Five.',
    '',
    '| page | phone | desktop |',
    '|---|---|---|',
    ...pages.map((page) => `| ${page} | ${cell(`${page}-390.png`)} | ${cell(`${page}-1280.png`)} |`),
    '',
  ].join('\n'),
);
console.log(`${shots.length} screens in docs/screens/`);
process.exit(walk.status ?? 1);
