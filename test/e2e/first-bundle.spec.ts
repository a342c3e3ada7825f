import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { WEB_DIST_DIR } from './support/web-app';

/**
 * What the first bundle (the script every page loads before anything else) must not hold: the schema library
 * and the ledger's verifier, which only some pages need and which cost the home page about 16 and 34 KB gzipped
 * when a shared module pulled them in (issue 23; `npm run bench:web` records the size).
 */
describe('the first bundle of the built web app', () => {
  const html = readFileSync(resolve(WEB_DIST_DIR, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  const script = () => readFileSync(resolve(WEB_DIST_DIR, `.${entry}`), 'utf8');

  it('is named by index.html', () => {
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  });

  it.each([
    ['zod (routes read their search params with web/src/lib/search-params.ts)', '$ZodError'],
    ["the ledger's verifier (only /ledger and the receipt page check proofs)", 'Waiting for the next checkpoint'],
  ])('leaves out %s', (_what, marker) => {
    expect(script().includes(marker)).toBe(false);
  });
});
