import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { matchWebRoute, WEB_ROUTES } from './web.routes';

const routesDir = join(__dirname, '../../../web/src/routes');

/** The path a TanStack file route opens: `donate.receipt.$code.tsx` → `/donate/receipt/$code`. */
function pathOfRouteFile(file: string): string {
  const parts = file
    .replace(/\.tsx$/, '')
    .split(sep)
    .flatMap((part) => part.split('.'))
    .filter((part) => part !== 'index' && part !== 'route' && !part.startsWith('_') && !part.startsWith('('));
  return `/${parts.join('/')}`;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name))
      : entry.name.endsWith('.tsx') && entry.name !== '__root.tsx'
        ? [relative(routesDir, join(dir, entry.name))]
        : [],
  );
}

describe('WEB_ROUTES', () => {
  it("lists exactly the web router's pages, so the server answers 404 for nothing else", () => {
    const fromFiles = [...new Set(routeFiles(routesDir).map(pathOfRouteFile))].sort();
    expect(fromFiles).toEqual([...WEB_ROUTES].sort());
  });

  it('matches deep links with their parameters, a trailing slash and a query', () => {
    expect(matchWebRoute('/')).toBe('/');
    expect(matchWebRoute('/challenges/123')).toBe('/challenges/$id');
    expect(matchWebRoute('/donate/receipt/AB12-CD34?x=1')).toBe('/donate/receipt/$receiptCode');
    expect(matchWebRoute('/profile/?tab=1')).toBe('/profile');
    expect(matchWebRoute('/subscription/success?session_id=cs_1')).toBe('/subscription/success');
  });

  it('matches no unknown path', () => {
    for (const url of ['/nope', '/challenges/1/extra', '/donate/receipt', '/%E0%A4%A', '/robots.txt']) {
      expect(matchWebRoute(url)).toBeUndefined();
    }
  });
});
