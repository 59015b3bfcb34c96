import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, openEmbeddedDatabase } from "../../src/db/pglite.js";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import { jobs } from "../../src/db/schema/index.js";
import type { Database } from "../../src/db/types.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { tableJobQueue } from "../../src/domain/core/jobs/job-queue.js";
import { systemClock } from "../../src/infra/clock.js";
import { silentLogger } from "../../src/infra/logger.js";
import { startJobPoller } from "../../src/node/job-poller.js";
import { pgliteWakeups, postgresWakeups } from "../../src/node/job-wakeups.js";
import { skipWithout } from "../support/required-service.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { testServices } from "../support/test-app.js";
import { settled } from "../support/poller-settled.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await sleep(25);
  }
  throw new Error(`never happened: ${what}`);
}

/** A job for a workspace that does not exist: its handler finds nothing to do, and it is marked done. */
const harmlessJob = (key: string, runAt: Date) => ({ kind: "poll_target" as const, payload: { targetId: "tgt_none", attempt: 1, workspaceId: "ws_none", mode: "test" }, runAt, dedupKey: key });

const doneAt = async (db: Database, key: string) => (await db.select().from(jobs).where(eq(jobs.dedupKey, key)))[0]?.doneAt ?? null;

describe("the Node job poller on PGlite", () => {
  let embedded: EmbeddedDatabase;
  let runtime: JobRuntime;
  let statements = 0;
  let poller: { stop: () => Promise<void> };
  beforeAll(async () => {
    embedded = await openEmbeddedDatabase();
    runtime = { db: embedded.db, clock: systemClock, services: { ...(await testServices()), publicUrl: "http://chorus.test", logger: silentLogger } };
    // Counted where drizzle-orm/pglite sends every statement and transaction.
    const client = embedded.client as unknown as Record<"query" | "exec" | "transaction", (...args: unknown[]) => unknown>;
    for (const method of ["query", "exec", "transaction"] as const) {
      const original = client[method].bind(embedded.client);
      client[method] = (...args: unknown[]) => {
        statements++;
        return original(...args);
      };
    }
    poller = startJobPoller(runtime, silentLogger, { wakeups: pgliteWakeups(embedded.client) });
    await settled(() => statements);
  });
  afterAll(async () => {
    await poller.stop();
    await embedded.close();
  });

  it("sends no statement while idle between sweeps", async () => {
    const before = statements;
    await sleep(1500);
    expect(statements - before).toBe(0);
  });

  it("wakes when a transaction enqueues a job, once it commits", async () => {
    await embedded.db.transaction(async (tx) => {
      await tableJobQueue.enqueue(harmlessJob("wake-now", new Date()), tx);
    });
    await until(async () => (await doneAt(embedded.db, "wake-now")) !== null, "the enqueued job ran");
  });

  it("sleeps until the next job is due, then runs it", async () => {
    const runAt = new Date(Date.now() + 800);
    await tableJobQueue.enqueue(harmlessJob("wake-later", runAt), embedded.db);
    await sleep(300);
    expect(await doneAt(embedded.db, "wake-later")).toBeNull();
    await until(async () => (await doneAt(embedded.db, "wake-later")) !== null, "the job ran at its time");
    expect((await doneAt(embedded.db, "wake-later"))?.getTime()).toBeGreaterThanOrEqual(runAt.getTime());
  });
});

describe("the Node job poller, a job falling due while its claim runs", () => {
  let embedded: EmbeddedDatabase;
  let poller: { stop: () => Promise<void> };
  let offsetMs = 0;
  let jumpAfterNextClaim = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  beforeAll(async () => {
    embedded = await openEmbeddedDatabase();
    // The claim statement (the one that also says when the next job is due) takes no time here,
    // so the test moves the clock past the job's time just as that statement returns.
    const db = new Proxy(embedded.db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver);
        return async (query: Parameters<Database["execute"]>[0]) => {
          const result = await target.execute(query);
          const [row] = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
          if (jumpAfterNextClaim > 0 && row && "next_due" in row) {
            offsetMs += jumpAfterNextClaim;
            jumpAfterNextClaim = 0;
          }
          return result;
        };
      },
    });
    const runtime: JobRuntime = { db, clock, services: { ...(await testServices()), publicUrl: "http://chorus.test", logger: silentLogger } };
    // A pause far longer than the wait below: a poller that pauses instead of claiming fails.
    poller = startJobPoller(runtime, silentLogger, { wakeups: pgliteWakeups(embedded.client), pauseMs: 60_000 });
  });
  afterAll(async () => {
    await poller.stop();
    await embedded.close();
  });

  it("claims it at once instead of pausing", async () => {
    await sleep(300);
    const runAt = new Date(clock.now().getTime() + 2_000);
    jumpAfterNextClaim = 5_000;
    await tableJobQueue.enqueue(harmlessJob("due-during-claim", runAt), embedded.db);
    await until(async () => (await doneAt(embedded.db, "due-during-claim")) !== null, "the job that fell due during its claim ran");
    expect(jumpAfterNextClaim).toBe(0);
  });
});

describe("the Node job poller while a sweep round is slow", () => {
  let embedded: EmbeddedDatabase;
  let poller: { stop: () => Promise<void> };
  let release: () => void = () => undefined;
  let held = false;
  beforeAll(async () => {
    embedded = await openEmbeddedDatabase();
    // The minute's webhook sweep ends with the purge of old events: held here until the test
    // lets it go, as a round stuck on a large purge or a slow network would be.
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = embedded.client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = client.query.bind(embedded.client);
    client.query = async (...args: unknown[]) => {
      if (String(args[0]).startsWith('delete from "events"')) {
        held = true;
        await gate;
      }
      return query(...args);
    };
    const runtime: JobRuntime = { db: embedded.db, clock: systemClock, services: { ...(await testServices()), publicUrl: "http://chorus.test", logger: silentLogger } };
    poller = startJobPoller(runtime, silentLogger, { wakeups: pgliteWakeups(embedded.client) });
  });
  afterAll(async () => {
    release();
    await poller.stop();
    await embedded.close();
  });

  it("claims and runs a due job without waiting for the round to finish", async () => {
    await until(async () => held, "the start's sweep round reached the held purge");
    await tableJobQueue.enqueue(harmlessJob("during-sweep", new Date()), embedded.db);
    await until(async () => (await doneAt(embedded.db, "during-sweep")) !== null, "the job ran while the round was held");
    release();
  });
});

const postgres = await postgresAvailable();
skipWithout("postgres", postgres, "job poller on PostgreSQL");

describe.skipIf(!postgres.ok)("the Node job poller on PostgreSQL", () => {
  let database: { url: string; close: () => Promise<void> };
  let server: Awaited<ReturnType<typeof openServerDatabase>>;
  let other: Awaited<ReturnType<typeof openServerDatabase>>;
  let poller: { stop: () => Promise<void> };
  let statements = 0;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await openServerDatabase(database.url);
    // Another process's connection to the same database.
    other = await openServerDatabase(database.url, { migrate: false, max: 2 });
    const pool = server.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query.bind(server.pool);
    pool.query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
    const runtime: JobRuntime = { db: server.db, clock: systemClock, services: { ...(await testServices()), publicUrl: "http://chorus.test", logger: silentLogger } };
    poller = startJobPoller(runtime, silentLogger, { wakeups: postgresWakeups(database.url, silentLogger) });
    await settled(() => statements);
  });
  afterAll(async () => {
    // Each step runs even if one before it fails, so the throwaway database is always dropped.
    const steps = [() => poller?.stop(), () => other?.close(), () => server?.close(), () => database?.close()];
    const failures: unknown[] = [];
    for (const step of steps) await Promise.resolve(step()).catch((error: unknown) => failures.push(error));
    if (failures.length) throw failures[0];
  });

  it("sends no statement while idle between sweeps", async () => {
    const before = statements;
    await sleep(1500);
    expect(statements - before).toBe(0);
  });

  it("is woken by another process's enqueue through LISTEN/NOTIFY, after that transaction commits", async () => {
    await other.db.transaction(async (tx) => {
      await tableJobQueue.enqueue(harmlessJob("other-process", new Date()), tx);
      // Still uncommitted: a wake-up now would find nothing, and the poller would sleep on.
      await sleep(300);
    });
    await until(async () => (await doneAt(server.db, "other-process")) !== null, "the other process's job ran");
  });
});
