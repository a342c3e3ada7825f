import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** What `route-assets.json` says of one page: the files its own chunk needs beyond the first bundle. */
export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

const SPLIT_COMPONENT = '?tsr-split=component';
const ROUTE_PATH = /createFileRoute\(\s*['"]([^'"]+)['"]/;

/**
 * Writes `route-assets.json` beside index.html: for each page (as WEB_ROUTES writes it, `/challenges/$id`)
 * the scripts and styles of its split component chunk and the chunks that one imports, minus the first
 * bundle. The API puts them in the page's HTML as preloads, so a reload of `/challenges/12` fetches the
 * page's chunk beside the first bundle instead of after it has run.
 */
export function routeAssets(): Plugin {
  return {
    name: 'arena:route-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((item): item is OutputChunk => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const first = staticClosure(entry, chunks);
      const routes: Record<string, RouteAssets> = {};
      for (const chunk of chunks.values()) {
        // A page's chunk that also lends bindings to chunks it loads later (its lazy dialogs) has no facade
        // module: it is then the chunk that holds the page's split component.
        const facade =
          chunk.facadeModuleId ?? chunk.moduleIds.find((id) => id.endsWith(SPLIT_COMPONENT)) ?? null;
        if (!chunk.isDynamicEntry || !facade?.endsWith(SPLIT_COMPONENT)) continue;
        const path = ROUTE_PATH.exec(readFileSync(facade.slice(0, -SPLIT_COMPONENT.length), 'utf8'))?.[1];
        if (!path) continue;
        const files = [...staticClosure(chunk, chunks)].filter((file) => !first.has(file));
        const styles = files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        routes[path === '/' ? path : path.replace(/\/$/, '')] = {
          scripts: files.map((file) => `/${file}`),
          styles: [...new Set(styles)].map((file) => `/${file}`),
        };
      }
      this.emitFile({ type: 'asset', fileName: 'route-assets.json', source: JSON.stringify(routes) });
    },
  };
}

/** A chunk and every chunk it imports statically, transitively. */
function staticClosure(chunk: OutputChunk, chunks: Map<string, OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const pending = [chunk.fileName];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}
