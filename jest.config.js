const swc = ['@swc/jest', { swcrc: true }];
const moduleNameMapper = {
  '^@arena/projections/(.*)$': '<rootDir>/projections/$1',
  '^@arena/reactions/(.*)$': '<rootDir>/reactions/$1',
  '^@arena/contracts/(.*)$': '<rootDir>/libs/contracts/src/$1',
  '^@arena/([^/]+)$': '<rootDir>/libs/$1/src',
  // A context's events entry, and a lib's test support, which its runtime index does not export.
  '^@arena/([^/]+)/(events|testing)$': '<rootDir>/libs/$1/src/$2',
};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper,
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  roots: [
    '<rootDir>/apps',
    '<rootDir>/libs',
    '<rootDir>/projections',
    '<rootDir>/migrations',
    '<rootDir>/test',
    '<rootDir>/web/src',
  ],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // @fastify/static requires content-disposition, which ships only as ESM; jest's CommonJS runtime needs it compiled.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  testTimeout: 30000,
  // Run the files in a worker that is replaced once it holds this much after a file. In one process the
  // heap that 200-odd files leave behind grew past 4 GB: garbage collection then took most of the CPU,
  // late files timed out, and jest never exited. A memory limit also makes jest use a worker with one CPU.
  workerIdleMemoryLimit: '1536MB',
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
  // Two workers; the files that take the services run one at a time (test/serial-lock.ts), spread among
  // the others by the sequencer so the second core runs the code's own specs meanwhile.
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/interleaving-sequencer.js',
  setupFilesAfterEnv: ['<rootDir>/test/serial-lock.ts'],
};
