/**
 * One Jest config, two projects:
 * - unit: `*.spec.ts(x)` beside the code, no I/O;
 * - int:  `*.int-spec.ts`, against real PostgreSQL, NATS, Redis and S3 started by
 *         `scripts/test-infra.mjs` (or given by the environment).
 * Browser specs (`*.e2e.ts`) run under Playwright, not Jest.
 */
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.$schema;

const shared = {
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swc, swcrc: false }] },
  moduleNameMapper: {
    // Shared libs resolve to their TypeScript sources; local-platform is plain ESM.
    '^@jalaj/((?!local-platform)[a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    // The kit's SQL texts, which plain Node (the bench's floor) loads without the kit's Nest code.
    '^@jalaj/server-kit/command-log-sql$': '<rootDir>/libs/server-kit/src/messaging/command-log-sql.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Components import their style sheets; specs test what they render, not how it looks.
    '\\.css$': '<rootDir>/libs/testing/src/style-stub.mjs',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/'],
  modulePathIgnorePatterns: ['<rootDir>/.data/', '/dist/'],
};

export default {
  // Jest reads the test timeout from the global config only; a project's own value is ignored.
  testTimeout: 60000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.{ts,tsx}'] },
    {
      ...shared,
      displayName: 'int',
      testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.mjs',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.mjs',
      setupFiles: ['<rootDir>/libs/testing/src/lane.mjs'],
      testTimeout: 60000,
    },
  ],
};
