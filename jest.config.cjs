/**
 * Jest runs only __tests__/ **.test.ts(x) files: client suites in a browser-like DOM (jsdom with
 * the fetch globals MSW needs), server suites in Node against real temporary SQLite files. The
 * server suites that open a database run again on real PostgreSQL databases under `npm run test:pg`
 * (jest.postgres.config.cjs, __tests__/support/postgres.ts).
 * Helpers under __tests__/support are never suites; e2e specs (*.spec.ts) belong to Playwright.
 */
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only packages in node_modules that jest (CommonJS) must transform.
const esmPackages = ['react-intl', '@formatjs', 'intl-messageformat', 'until-async', 'rettime', '@open-draft', 'typebox', 'wagmi', '@wagmi', '@fastify/cookie', 'cookie', 'media-chrome', 'ce-la-react', '@tus', 'srvx', 'media-captions', 'stemmer', 'p-limit', 'yocto-queue'].join('|');

const shared = {
  transform: { '^.+\\.(t|j)sx?$': swcTransform, '^.+\\.mjs$': swcTransform },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/__tests__/support/', '/__tests__/e2e/'],
};

module.exports = {
  // Behaviour, not speed, is under test: suites that start servers, ffmpeg or a database get room
  // on a slow or busy machine instead of failing at jest's 5 s default.
  testTimeout: 30_000,
  // One worker per core, not jest's default of one fewer: the server suites spend much of their
  // time waiting on ffmpeg, databases and sockets, so on a 2-core machine two workers take the
  // suites in 11 minutes instead of 18 (docs/development.md, Tests).
  maxWorkers: '100%',
  projects: [
    {
      ...shared,
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      testMatch: ['<rootDir>/__tests__/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/client-setup.ts'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/__tests__/support/style-stub.ts',
        '\\.(png|jpe?g|gif|svg|webp|mp4|webm)$': '<rootDir>/__tests__/support/file-stub.ts',
        '\\?url$': '<rootDir>/__tests__/support/file-stub.ts',
        // The browser build (XMLHttpRequest, File, localStorage), as webpack picks it for the SPA.
        '^tus-js-client$': '<rootDir>/node_modules/tus-js-client/lib.es5/browser/index.js',
      },
    },
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      // The server-render tests render the SPA's own sources (src/ssr/render.tsx).
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/__tests__/support/style-stub.ts',
        '\\.(png|jpe?g|gif|svg|webp|mp4|webm)$': '<rootDir>/__tests__/support/file-stub.ts',
      },
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      // One migrated template database per run, which every test app copies: a SQLite file, or on
      // PostgreSQL (DATABASE_URL, see npm run test:pg) a template database.
      globalSetup: '<rootDir>/__tests__/support/server-global-setup.ts',
      globalTeardown: '<rootDir>/__tests__/support/server-global-teardown.ts',
      // A suite that opens a database must be listed in postgres-suites.json (jest.postgres.config.cjs).
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/database-use.ts'],
    },
  ],
};
