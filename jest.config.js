/**
 * Jest 30 in ESM mode (run through `npm test`, which passes --experimental-vm-modules).
 * Four projects, from small to large:
 * - `unit`: pure unit and property tests next to the code (`*.spec.ts` under src/, bench/, contract/, clients/ and
 *   test/support/);
 * - `medium`: services and repositories on a real database, without HTTP (`*.medium-spec.ts` under test/medium/);
 * - `e2e`: the real app over HTTP (`*.e2e-spec.ts` under test/), and the web client in a real browser (test/web/),
 *   every answer checked against openapi.json (test/support/contract-check.ts);
 * - `web`: the web client's logic (`*.spec.ts` under web/src/), with the web's own tsconfig.
 * Medium and e2e share the database set-up: the global set-up finds PostgreSQL and
 * names the migrated template database that each test file clones.
 */
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }],
    // CommonJS packages that require() Nest's ESM-only packages: see test/support/require-esm-transformer.js.
    '/node_modules/@nestjs/throttler/.+\\.js$': '<rootDir>/test/support/require-esm-transformer.js',
  },
  // Everything in node_modules runs as published, but for the packages transformed above.
  transformIgnorePatterns: ['^(?!.*/node_modules/(?:@nestjs/throttler)/).*/node_modules/'],
};

/** Projects whose test files each get a database of their own (test/support/test-database.ts). */
const withDatabase = {
  setupFilesAfterEnv: ['<rootDir>/test/support/esm-interop.setup.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

export default {
  maxWorkers: 2,
  // A worker's heap grows file by file (each ESM test file loads its modules anew, and compiled
  // validators and Nest apps are not all collected): a worker that has grown past this after a file
  // is replaced, so a long run cannot end in "Jest worker ran out of memory".
  workerIdleMemoryLimit: '1536MB',
  // PGlite and spawned servers take seconds to start.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/bench/**/*.spec.ts',
        '<rootDir>/contract/**/*.spec.ts',
        '<rootDir>/clients/**/*.spec.ts',
        '<rootDir>/test/support/**/*.spec.ts',
      ],
    },
    { ...common, ...withDatabase, displayName: 'medium', testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'] },
    {
      ...common,
      ...withDatabase,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      // Every answer the tests' apps send is checked against openapi.json (test/support/contract-check.ts).
      setupFilesAfterEnv: [...withDatabase.setupFilesAfterEnv, '<rootDir>/test/support/contract-check.setup.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testMatch: ['<rootDir>/web/src/**/*.spec.ts'],
      // The specs read the English catalog, as the build compiles it.
      setupFiles: ['<rootDir>/web/src/i18n/testing/english.setup.ts'],
      transform: { '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: 'web/tsconfig.json', diagnostics: false }] },
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
    },
  ],
};
