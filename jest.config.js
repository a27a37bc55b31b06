/**
 * Jest 30 in ESM mode (run through `npm test`, which passes --experimental-vm-modules).
 * Two projects: `engine` (pure unit and property tests next to the code) and
 * `e2e` (the real app over HTTP against real PostgreSQL; its global set-up
 * builds the migrated template database, and runs only when e2e tests do).
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
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/throttler/)'],
};

export default {
  maxWorkers: 2,
  // PGlite and spawned servers take seconds to start.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/esm-interop.setup.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
