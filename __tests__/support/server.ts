/**
 * Server test helpers: a real app on a real, temporary database, driven with app.inject.
 * Every app gets its own DATA_DIR under the OS temp directory, removed by close(), and its own
 * database: a SQLite file in the DATA_DIR, or, when DATABASE_URL names a PostgreSQL server
 * (npm run test:pg), a database of its own on that server (see postgres.ts).
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyServerOptions } from 'fastify';

import { buildApp, type AppInstance } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config/index';
import { newId, toTimestamp } from '../../server/infra/db/ids';
import type { NewUser, UserRow } from '../../server/infra/db/schema';
import type { ServerRenderer } from '../../server/pages/server-render';
import { SESSION_COOKIE } from '../../server/domains/accounts/sessions';

import { postgresServerUrl, releaseTestDatabase, testDatabaseFor } from './postgres';
import { SQLITE_TEMPLATE_ENV } from './server-global-setup';

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (the real process.env is not read). */
  env?: Record<string, string | undefined>;
  /** Final say over individual config values, e.g. spaDir. */
  config?: Partial<AppConfig>;
  /** Reuse this DATA_DIR (e.g. to restart on the same database); the caller removes it. */
  dataDir?: string;
  /** Renders first screens (none by default: the test's spaDir has no render bundle). */
  serverRenderer?: ServerRenderer;
  /** Fastify logger setting (none by default), e.g. the real options with a stream to read. */
  logger?: FastifyServerOptions['logger'];
}

export interface TestApp {
  app: AppInstance;
  config: AppConfig;
  dataDir: string;
  /** Closes the app (and its database) and removes the temporary DATA_DIR it created. */
  close(): Promise<void>;
}

export async function makeTestDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'selfie-server-test-'));
}

export async function makeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await makeTestDataDir());
  const serverUrl = options.env && 'DATABASE_URL' in options.env ? undefined : postgresServerUrl();
  let dropDatabase = async () => {};
  const removeDataDir = async () => {
    await dropDatabase();
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const database = serverUrl ? await testDatabaseFor(serverUrl, dataDir) : undefined;
    // A database made for a DATA_DIR the caller keeps outlives this app (a restart reuses it).
    if (database && ownsDataDir) dropDatabase = () => releaseTestDatabase(serverUrl as string, database.name);
    const config: AppConfig = {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://localhost:3000',
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...options.env,
      }),
      // A built dist/ in the working tree must not change test outcomes.
      spaDir: path.join(dataDir, 'no-spa-build'),
      ...options.config,
    };
    // The run's migrated SQLite file (server-global-setup.ts): an app that makes its own DATA_DIR
    // starts on a copy. One given a DATA_DIR or another database, or made outside jest, migrates
    // at start as in production.
    const sqliteTemplate = process.env[SQLITE_TEMPLATE_ENV];
    if (sqliteTemplate && ownsDataDir && config.database.dialect === 'sqlite' && config.database.file === path.join(dataDir, 'app.db')) {
      await copyFile(sqliteTemplate, config.database.file);
    }
    const app = await buildApp(config, { logger: options.logger ?? false, serverRenderer: options.serverRenderer });
    return {
      app,
      config,
      dataDir,
      close: async () => {
        await app.close();
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}

/** Inserts a user directly (no accounts API needed); unique fields are generated. */
export async function createTestUser(app: AppInstance, fields: Partial<NewUser> = {}): Promise<UserRow> {
  const id = newId();
  const now = toTimestamp();
  return app.db
    .insertInto('users')
    .values({
      id,
      email: `user-${id}@example.com`,
      username: `user-${id}`,
      password_hash: null,
      verified: 1,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Opens a session for the user and returns the Cookie header value that carries it. */
export async function sessionCookieFor(app: AppInstance, userId: string): Promise<string> {
  const { token } = await app.sessions.createSession(userId, { userAgent: 'jest', ip: '127.0.0.1' });
  return `${SESSION_COOKIE}=${token}`;
}
