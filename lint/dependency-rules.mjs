// Dependencies that run one way (see README, "Dependencies"): apps → libs/<context> → shared libs; read
// models know a context only by its events entry; test support stays out of runtime code; the web knows
// the server only through libs/contracts. test/lint/dependency-rules.spec.ts breaks each rule on purpose.
import boundaries from 'eslint-plugin-boundaries';

// Every other lib is a bounded context. A new shared lib joins this list: lint fails until it does, as soon as
// another shared lib imports it.
const SHARED_LIBS = 'config,database,event-store,http,images,jobs,logging,platform,projection-runner,redis,text';
const isTest = { file: { categories: 'test' } };
const notTest = { file: { categories: { noneOf: ['test'] } } };

const policies = [
  {
    from: [{ element: { types: { noneOf: ['test-support'] } }, ...notTest }],
    disallow: { to: [{ element: { type: 'test-support' } }, isTest] },
    message: 'Runtime code never imports test support (libs/testing, */src/testing, specs, fixtures).',
  },
  {
    from: { element: { types: { anyOf: ['contracts', 'shared', 'context', 'read-model', 'migrations'] } } },
    disallow: { to: { element: { type: 'app' } } },
    message: 'Libraries never import an app: apps → libs/<context> → shared libs.',
  },
  {
    from: { element: { types: { anyOf: ['contracts', 'shared'] } } },
    disallow: {
      to: [
        { element: { types: { anyOf: ['context', 'read-model'] } } },
        { file: { categories: 'registry' } },
      ],
    },
    message: 'A shared lib never imports a context or a read model: apps → libs/<context> → shared libs.',
  },
  {
    from: { element: { types: { noneOf: ['test-support', 'read-model'] } } },
    disallow: {
      to: { element: { type: 'context' }, file: { categories: { noneOf: ['index', 'events-entry'] } } },
    },
    message:
      'Import a context through its index or its events entry (@arena/<context>/events), never its internals.',
  },
  {
    from: [{ element: { types: { noneOf: ['test-support'] } }, ...notTest }],
    disallow: { to: { element: { type: 'shared' }, file: { categories: { noneOf: ['index'] } } } },
    message: 'Import a shared lib through its index (@arena/<lib>), never its internals.',
  },
  {
    from: { element: { type: 'read-model' } },
    disallow: { to: { element: { type: 'context' }, file: { categories: { noneOf: ['events-entry'] } } } },
    message:
      "A read model imports a context's events entry only (for example @arena/tournaments/events), never its index.",
  },
  {
    from: [{ element: { types: { noneOf: ['read-model', 'test-support'] } }, ...notTest }],
    disallow: { to: { element: { type: 'read-model' }, file: { categories: { noneOf: ['queries'] } } } },
    message: 'Read a read model through its *.queries.ts only, never its projector.',
  },
  {
    from: { element: { types: { anyOf: ['contracts', 'shared', 'context', 'read-model'] } } },
    disallow: { to: { file: { categories: 'registry' } } },
    message: 'Only apps and migrations load the projector registry.',
  },
  {
    from: [{ element: { types: { noneOf: ['app', 'test-support'] } }, ...notTest }],
    disallow: { to: { file: { categories: 'reactions-registry' } } },
    message: 'Only apps load the reactions registry.',
  },
  {
    from: { file: { categories: 'index' } },
    disallow: {
      to: [
        { element: { type: 'read-model' } },
        { file: { categories: 'registry' } },
        { file: { categories: 'reactions-registry' } },
      ],
    },
    message: 'A package index never re-exports a read model: import it where it is used.',
  },
  {
    from: { element: { types: { anyOf: ['web', 'web-lib', 'web-ui', 'web-feature'] } } },
    disallow: {
      to: { element: { types: { noneOf: ['web', 'web-lib', 'web-ui', 'web-feature', 'contracts'] } } },
    },
    message: 'The web imports from the server side only libs/contracts.',
  },
  {
    from: { element: { type: 'web-ui' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message: 'The design system (web/src/ui) never imports features.',
  },
  {
    from: { element: { type: 'web-lib' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message: "The web's plumbing (web/src/lib: API, socket and query clients) never imports features.",
  },
];

export const dependencyRules = [
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [new URL('./import-resolver.cjs', import.meta.url).pathname]: {} },
      'boundaries/root-path': new URL('..', import.meta.url).pathname,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'boundaries/elements': [
        {
          type: 'test-support',
          pattern: ['libs/testing', 'libs/*/src/testing', 'test'],
          partialMatch: false,
        },
        { type: 'app', pattern: 'apps/*', partialMatch: false },
        // A shared lib that the web imports too, by subpath (`@arena/contracts/identity.rules`) where a
        // bundle must carry only what it uses: the index-only rule of the other shared libs does not apply.
        { type: 'contracts', pattern: 'libs/contracts', partialMatch: false },
        { type: 'shared', pattern: `libs/{${SHARED_LIBS}}`, partialMatch: false, capture: ['lib'] },
        { type: 'context', pattern: 'libs/*', partialMatch: false, capture: ['context'] },
        { type: 'read-model', pattern: 'projections/*', partialMatch: false, capture: ['readModel'] },
        { type: 'migrations', pattern: 'migrations', partialMatch: false },
        { type: 'web-ui', pattern: 'web/src/ui', partialMatch: false },
        { type: 'web-lib', pattern: 'web/src/lib', partialMatch: false },
        { type: 'web-feature', pattern: 'web/src/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'web', pattern: 'web', partialMatch: false },
      ],
      'boundaries/files': [
        {
          category: 'test',
          // Contract suites (`*.contract.ts`) are tests, except the API contract's modules in libs/contracts.
          pattern: [
            '**/*.spec.{ts,tsx}',
            '**/*.{fixtures,child,harness}.ts',
            'libs/!(contracts)/**/*.contract.ts',
          ],
        },
        { category: 'index', pattern: 'libs/*/src/index.ts' },
        { category: 'events-entry', pattern: 'libs/*/src/events.ts' },
        { category: 'queries', pattern: 'projections/*/*.queries.ts' },
        { category: 'registry', pattern: 'projections/registry.ts' },
        { category: 'reactions-registry', pattern: 'reactions/registry.ts' },
        // Every file gets a category, so that `noneOf` selectors also match files with no other.
        { category: 'source', pattern: '**/*' },
      ],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies }] },
  },
];
