// Mutation testing (`npm run test:mutation`): how many small breaks of the code that decides results, checks
// codes and tokens, and stores and projects events the specs notice. Scores go in docs/testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  mutate: [
    'libs/tournaments/src/domain/tournament.decider.ts',
    'libs/tournaments/src/domain/tournament.players.ts',
    'libs/tournaments/src/domain/tournament.standings.ts',
    'libs/identity/src/domain/code-check.ts',
    'libs/identity/src/domain/one-time-code.ts',
    'libs/identity/src/infrastructure/access-token.guard.ts',
    'libs/identity/src/infrastructure/access-token.ts',
    'libs/event-store/src/postgres-event-store.ts',
    'libs/event-store/src/event-store.validation.ts',
    'libs/projection-runner/src/projection.runner.ts',
    'libs/projection-runner/src/apply-loop.ts',
  ],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    config: {
      // Jest starts once per mutant: the template database is migrated on the first start only and kept.
      globalSetup: '<rootDir>/libs/testing/src/mutation-global-setup.ts',
      globalTeardown: null,
      // Only the specs that exercise the mutated files; the rest of the suite would only slow every mutant down.
      testMatch: [
        '<rootDir>/libs/tournaments/src/domain/*.spec.ts',
        '<rootDir>/libs/identity/src/domain/{code-check,one-time-code}.spec.ts',
        '<rootDir>/libs/identity/src/infrastructure/access-token*.spec.ts',
        '<rootDir>/test/integration/identity-tokens.spec.ts',
        '<rootDir>/libs/event-store/src/postgres-event-store.spec.ts',
        '<rootDir>/libs/projection-runner/src/projection.runner.spec.ts',
      ],
      // Two concurrency specs of the event store take 16 s together; mutants only they would catch show as survived.
      testNamePattern:
        '^(?!.*(while 16 writers commit out of order|transaction open in another database)).*$',
    },
  },
  coverageAnalysis: 'perTest',
  // Mutants in module-level constants would need every test re-run; they are few and not worth the time.
  ignoreStatic: true,
  // The machine is shared: one test runner at a time.
  concurrency: 1,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  // Anchored to the top: a bare 'docs' would also leave out apps/api/src/docs.
  ignorePatterns: ['/web', '/docs', '/dist', '/coverage', '/test/e2e', '/test/bench', '/reports'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 80, low: 60, break: null },
};
