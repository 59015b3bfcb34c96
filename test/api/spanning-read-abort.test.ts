import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { realSleep } from "../../src/domain/core/network-deps.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * A spanning read that gives up on a slow network aborts its request: the slow simulator sees its
 * caller hang up and stops waiting (its timer is cleared), the page answers with a `problems`
 * entry, and nothing is left pending or rejected unhandled.
 */

const TIMEOUT_MS = 400;
// Far longer than the test: if the abort did not reach the simulator, its timer would still be pending.
const SLOW_MS = 30_000;

/** Every sleep of a slow simulator, with the signal it was given and when it ended. */
const sleeps: { ms: number; signal: AbortSignal | undefined; endedAt: number | null }[] = [];

let t: TestApp;
beforeAll(async () => {
  const sleep = async (ms: number, signal?: AbortSignal) => {
    const entry = { ms, signal, endedAt: null as number | null };
    sleeps.push(entry);
    await realSleep(ms, signal);
    entry.endedAt = Date.now();
  };
  t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep, readTimeoutMs: TIMEOUT_MS }) } });
});

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on("unhandledRejection", onUnhandled);
});
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
});

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pendingTimers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

let counter = 0;
async function connect(ws: WorkspaceFixture): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: `abort${counter}.test`, appPassword: "abcd-efgh-ijkl-mnop" });
  expect(response.status, response.text).toBe(201);
  const { id } = response.body;
  expect((await ws.post(`/v1/sandbox/social-accounts/${id}/activity`, { action: "follow" })).status).toBe(201);
  return id;
}

describe("a spanning read past a network's timeout aborts that network's request", () => {
  it("GET /v1/notifications: the hanging network's request is aborted, the page answers with a problem, nothing is left pending", async () => {
    const ws = await testWorkspace(t);
    const healthy = await connect(ws);
    const hanging = await connect(ws);
    expect((await ws.put(`/v1/sandbox/social-accounts/${hanging}/fault`, { fault: "slow", delayMs: SLOW_MS })).status).toBe(200);

    const baseline = pendingTimers();
    const before = sleeps.length;
    const started = performance.now();
    const response = await ws.get("/v1/notifications");
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    const page = response.body;
    expect(page.items.map((n) => n.account)).toEqual([healthy]);
    expect(page.problems).toEqual([{ account: hanging, platform: "bluesky", code: "platform_unavailable", message: `bluesky did not answer within ${TIMEOUT_MS} ms.`, retryable: true }]);
    // Generous for a loaded machine, and far below the slow fault's 30 s.
    expect(elapsed).toBeLessThan(10_000);

    // The slow simulator was given the request's signal, saw it abort, and stopped sleeping.
    const slept = sleeps.slice(before).filter((s) => s.ms === SLOW_MS);
    expect(slept).toHaveLength(1);
    const [sleep] = slept;
    await until(() => sleep?.endedAt != null, "the slow simulator to stop waiting");
    expect(sleep?.signal?.aborted).toBe(true);
    // No timer outlives the request: neither the read's budget nor the simulator's sleep.
    await until(() => pendingTimers() <= baseline, "pending timers to return to the baseline");
    expect(unhandled).toEqual([]);
  });

  it("a slow network that answers within the budget is not aborted", async () => {
    const ws = await testWorkspace(t);
    await connect(ws);
    const slowButInTime = await connect(ws);
    expect((await ws.put(`/v1/sandbox/social-accounts/${slowButInTime}/fault`, { fault: "slow", delayMs: 20 })).status).toBe(200);
    const before = sleeps.length;
    const response = await ws.get("/v1/notifications");
    expect(response.status).toBe(200);
    const page = response.body;
    expect(page.problems).toEqual([]);
    expect(page.items).toHaveLength(2);
    const slept = sleeps.slice(before).filter((s) => s.ms === 20);
    expect(slept.length).toBeGreaterThan(0);
    for (const sleep of slept) expect(sleep.signal?.aborted).toBe(false);
    expect(unhandled).toEqual([]);
  });

  it("a read waiting for another request's token refresh stops waiting when its budget is spent", async () => {
    const ws = await testWorkspace(t);
    await connect(ws);
    const renewing = await connect(ws);
    // The network says the token expired, and another request holds the refresh lock: this read waits for it.
    expect((await ws.put(`/v1/sandbox/social-accounts/${renewing}/fault`, { fault: "expired_token" })).status).toBe(200);
    await t.db
      .update(socialAccounts)
      .set({ refreshLockedUntil: new Date(t.clock.now().getTime() + 3600_000) })
      .where(eq(socialAccounts.id, renewing));

    const baseline = pendingTimers();
    const before = sleeps.length;
    const response = await ws.get("/v1/notifications");
    expect(response.status).toBe(200);
    const page = response.body;
    expect(page.problems).toEqual([{ account: renewing, platform: "bluesky", code: "platform_unavailable", message: `bluesky did not answer within ${TIMEOUT_MS} ms.`, retryable: true }]);
    // The wait (250 ms at a time, up to 5 s) ends with the read's budget instead of running on.
    await until(() => pendingTimers() <= baseline, "the refresh wait to stop", 3000);
    const waits = sleeps.slice(before).filter((s) => s.ms === 250);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.at(-1)?.signal?.aborted).toBe(true);
    expect(waits.length).toBeLessThan(20);
    expect(unhandled).toEqual([]);
  });
});
