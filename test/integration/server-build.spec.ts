import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

/** The swc arguments of `npm run build:server`, with the output folder swapped for `outDir`. */
function buildServerArguments(outDir: string): string[] {
  const script: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['build:server'];
  const swc = script.slice(script.indexOf('swc '));
  const words = swc.match(/'[^']*'|\S+/g)!.map((word) => word.replace(/^'|'$/g, ''));
  return words.slice(1).map((word, index, all) => (all[index - 1] === '-d' ? outDir : word));
}

/**
 * Jest runs the TypeScript sources, so a file the build leaves out (an over-wide `--ignore`) would pass
 * every other spec and still stop `npm start`. This builds the server exactly as the script does and
 * loads each entry point's module graph.
 */
describe('the server build', () => {
  let outDir: string;

  beforeAll(() => {
    // Inside the checkout, so the built files find node_modules as dist/ does.
    mkdirSync(join(root, '.tmp'), { recursive: true });
    outDir = mkdtempSync(join(root, '.tmp', 'server-build-'));
    execFileSync(join(root, 'node_modules/.bin/swc'), buildServerArguments(outDir), { cwd: root, stdio: 'pipe' });
  }, 120_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each([
    'apps/api/src/bootstrap.js',
    'apps/worker/src/worker.module.js',
    'projections/registry.js',
    'migrations/migrator.js',
  ])('loads %s with every module it imports', (entry) => {
    const loaded = execFileSync(
      process.execPath,
      ['-e', `require(${JSON.stringify(join(outDir, entry))}); process.stdout.write('loaded')`],
      { cwd: root, stdio: 'pipe' },
    ).toString();
    expect(loaded).toBe('loaded');
  });
});
