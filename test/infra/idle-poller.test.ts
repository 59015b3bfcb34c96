import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, openEmbeddedDatabase } from "../../src/db/pglite.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { tableJobQueue } from "../../src/domain/core/jobs/job-queue.js";
import { systemClock } from "../../src/infra/clock.js";
import { silentLogger } from "../../src/infra/logger.js";
import { memoryWorkMarker } from "../../src/infra/work-marker.js";
import { startJobPoller } from "../../src/node/job-poller.js";
import { pgliteWakeups } from "../../src/node/job-wakeups.js";
import { testServices } from "../support/test-app.js";
import { settled } from "../support/poller-settled.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The minute's sweep every 100 ms: a second here is ten sweep periods. */
const SWEEP_MS = 100;

describe("the Node job poller with nothing to watch", () => {
  let embedded: EmbeddedDatabase;
  let runtime: JobRuntime;
  let statements = 0;
  const marker = memoryWorkMarker();
  let poller: { touch: () => void; stop: () => Promise<void> };
  beforeAll(async () => {
    embedded = await openEmbeddedDatabase();
    runtime = { db: embedded.db, clock: systemClock, services: { ...(await testServices()), publicUrl: "http://chorus.test", logger: silentLogger } };
    const client = embedded.client as unknown as Record<"query" | "exec" | "transaction", (...args: unknown[]) => unknown>;
    for (const method of ["query", "exec", "transaction"] as const) {
      const original = client[method].bind(embedded.client);
      client[method] = (...args: unknown[]) => {
        statements++;
        return original(...args);
      };
    }
    poller = startJobPoller(runtime, silentLogger, { wakeups: pgliteWakeups(embedded.client), sweepEveryMs: SWEEP_MS, marker });
    await settled(() => statements, 500);
  });
  afterAll(async () => {
    await poller.stop();
    await embedded.close();
  });

  it("sends the database nothing across ten sweep periods: no sweep, no claim", async () => {
    expect(await marker.isQuiet()).toBe(true);
    const before = statements;
    await sleep(SWEEP_MS * 10);
    expect(statements - before).toBe(0);
  });

  it("sweeps again after a write touches it, and goes quiet once the round finds nothing", async () => {
    const before = statements;
    poller.touch();
    await settled(() => statements, 500);
    // The round: every minute sweep's statements, the probe, nothing more.
    expect(statements - before).toBeGreaterThan(3);
    expect(await marker.isQuiet()).toBe(true);
  });

  it("keeps sweeping every period while a job waits, and goes quiet once it is done", async () => {
    // An unfinished job is something to watch: the enqueue's NOTIFY ends the quiet spell.
    await tableJobQueue.enqueue(
      { kind: "poll_target", payload: { targetId: "tgt_none", attempt: 1, workspaceId: "ws_none", mode: "test" }, runAt: new Date(Date.now() + 60 * 60_000), dedupKey: "idle:later" },
      embedded.db,
    );
    await sleep(SWEEP_MS * 3);
    const before = statements;
    await sleep(SWEEP_MS * 10);
    expect(await marker.isQuiet()).toBe(false);
    expect(statements - before).toBeGreaterThanOrEqual(5);
    await embedded.db.execute("update jobs set done_at = now() where dedup_key = 'idle:later'");
    poller.touch();
    await settled(() => statements, 500);
    expect(await marker.isQuiet()).toBe(true);
  });
});
