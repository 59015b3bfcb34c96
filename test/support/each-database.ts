import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import { createThrowawayDatabase, postgresAvailable } from "./postgres.js";
import { skipWithout } from "./required-service.js";
import { type TestApp, createTestApp } from "./test-app.js";

/**
 * Connections in the server pool of a race test: more than any test races at once is not needed,
 * fewer than two would queue the racers one after another as PGlite does.
 */
export const RACE_POOL_SIZE = 8;

const postgres = await postgresAvailable();

/**
 * Declares the races in `body` twice: on the file's PGlite, and on a throwaway database of the
 * PostgreSQL server behind a pool of RACE_POOL_SIZE connections. PGlite runs one transaction at a
 * time, so a race there always goes one way and a missing lock or constraint passes; on the server
 * the racers' transactions interleave, so each race fails if its lock or constraint is removed.
 * `app()` is the TestApp of the database being run, `database` which one it is (for a test only one can run).
 */
export function describeOnEachDatabase(
  title: string,
  body: (app: () => TestApp, database: "pglite" | "server") => void,
  options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, "serverDatabase"> = {},
): void {
  describe(`${title} (PGlite)`, () => {
    let t: TestApp | undefined;
    beforeAll(async () => {
      t = await createTestApp(options);
    });
    afterAll(async () => {
      await t?.close();
    });
    body(() => required(t), "pglite");
  });
  describeOnServer(title, (app) => body(app, "server"), options);
}

/**
 * Declares a race on the PostgreSQL server only, for races whose losing side cannot happen on
 * PGlite at all (one transaction at a time): an empty PGlite suite would fail the file.
 */
export function describeOnServer(title: string, body: (app: () => TestApp) => void, options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, "serverDatabase"> = {}): void {
  const skip = skipWithout("postgres", postgres, `${title} on the PostgreSQL server`);
  describe.skipIf(skip)(`${title} (PostgreSQL server, ${RACE_POOL_SIZE} connections)`, () => {
    let t: TestApp | undefined;
    let warm = async (): Promise<void> => {};
    const cleanups: (() => Promise<void>)[] = [];
    beforeAll(async () => {
      const database = await createThrowawayDatabase();
      cleanups.push(database.close);
      const opened = await openServerDatabase(database.url, { max: RACE_POOL_SIZE });
      cleanups.push(opened.close);
      // Racers that each had to open a connection first would start milliseconds apart, one after
      // another: every connection is opened before each test and kept while the file runs.
      opened.pool.options.idleTimeoutMillis = 0;
      warm = () => Promise.all(Array.from({ length: RACE_POOL_SIZE }, () => opened.pool.query("select pg_sleep(0.02)"))).then(() => undefined);
      t = await createTestApp({ ...options, serverDatabase: opened.db });
    }, 60_000);
    beforeEach(() => warm());
    afterAll(async () => {
      await t?.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    });
    body(() => required(t));
  });
}

function required(t: TestApp | undefined): TestApp {
  if (!t) throw new Error("the test app is opened in beforeAll");
  return t;
}
