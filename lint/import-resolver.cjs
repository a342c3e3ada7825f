// Resolves imports for the dependency rules the way the TypeScript compiler does: the `@arena/...` paths of
// tsconfig.json (read from it, so there is one list) and TypeScript files without their extension.
const { existsSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const root = resolve(__dirname, '..');
const { paths } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];

/** tsconfig `paths` semantics: an exact key wins, then the wildcard key with the longest prefix. */
function aliasTargets(source) {
  if (paths[source]) return paths[source].map((target) => join(root, target));
  const wildcard = Object.keys(paths)
    .filter((key) => key.endsWith('*') && source.startsWith(key.slice(0, -1)))
    .sort((a, b) => b.length - a.length)[0];
  if (!wildcard) return undefined;
  const rest = source.slice(wildcard.length - 1);
  return paths[wildcard].map((target) => join(root, target.replace('*', rest)));
}

function asFile(candidate) {
  if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  for (const extension of EXTENSIONS) if (existsSync(candidate + extension)) return candidate + extension;
  for (const extension of EXTENSIONS) {
    const index = join(candidate, `index${extension}`);
    if (existsSync(index)) return index;
  }
  return undefined;
}

exports.interfaceVersion = 2;

exports.resolve = function resolveImport(source, file) {
  const candidates = source.startsWith('.') ? [resolve(dirname(file), source)] : aliasTargets(source);
  if (!candidates) return nodeResolver.resolve(source, file, {});
  for (const candidate of candidates) {
    const found = asFile(candidate);
    if (found) return { found: true, path: found };
  }
  return { found: false };
};
