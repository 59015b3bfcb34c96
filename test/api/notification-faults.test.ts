import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { realSleep } from "../../src/domain/core/network-deps.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** Sandbox faults seen through GET /v1/notifications: each is a `problems` entry and the healthy account still answers. */
let t: TestApp;
// Long enough for a healthy sandbox read on a loaded CI machine, well short of the slow fault's 5 s.
const TIMEOUT_MS = 1500;

beforeAll(async () => {
  // Real sleeps, so a `slow` network really is slower than the read timeout.
  t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep: realSleep, readTimeoutMs: TIMEOUT_MS }) } });
});

let counter = 0;
async function connectWithNotification(ws: WorkspaceFixture): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: `faulty${counter}.test`, appPassword: "abcd-efgh-ijkl-mnop" });
  const { id } = response.body;
  expect((await ws.post(`/v1/sandbox/social-accounts/${id}/activity`, { action: "follow" })).status).toBe(201);
  return id;
}

async function withFault(fault: string, body: Record<string, unknown> = {}) {
  const ws = await testWorkspace(t);
  const healthy = await connectWithNotification(ws);
  const faulty = await connectWithNotification(ws);
  const set = await ws.put(`/v1/sandbox/social-accounts/${faulty}/fault`, { fault, ...body });
  expect(set.status).toBe(200);
  const started = performance.now();
  const response = await ws.get("/v1/notifications");
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  return { ws, healthy, faulty, page: response.body, elapsed };
}

describe("sandbox faults in GET /v1/notifications", () => {
  it("down: a retryable platform_unavailable problem; the other account answers", async () => {
    const { healthy, faulty, page } = await withFault("down");
    expect(page.items.map((n) => n.account)).toEqual([healthy]);
    expect(page.problems).toEqual([{ account: faulty, platform: "bluesky", code: "platform_unavailable", message: expect.any(String), retryable: true }]);
    // The failed account keeps its place: the cursor asks it again.
    expect(page.cursor).not.toBeNull();
  });

  it("rate_limited: a retryable rate_limited problem", async () => {
    const { healthy, faulty, page } = await withFault("rate_limited");
    expect(page.items.map((n) => n.account)).toEqual([healthy]);
    expect(page.problems).toEqual([{ account: faulty, platform: "bluesky", code: "rate_limited", message: expect.any(String), retryable: true }]);
  });

  it("slow: past the read timeout it is a platform_unavailable problem, and the page does not wait for it", async () => {
    const { healthy, faulty, page, elapsed } = await withFault("slow", { delayMs: 5000 });
    expect(page.items.map((n) => n.account)).toEqual([healthy]);
    expect(page.problems).toEqual([{ account: faulty, platform: "bluesky", code: "platform_unavailable", message: `bluesky did not answer within ${TIMEOUT_MS} ms.`, retryable: true }]);
    expect(elapsed).toBeLessThan(4000);
  });

  it("expired_token: the connection is renewed and both accounts answer", async () => {
    const { page } = await withFault("expired_token");
    expect(page.problems).toEqual([]);
    expect(page.items).toHaveLength(2);
  });

  it("revoked_permission: the network's refusal is a problem that retrying does not fix", async () => {
    const { healthy, faulty, page } = await withFault("revoked_permission");
    expect(page.items.map((n) => n.account)).toEqual([healthy]);
    expect(page.problems).toEqual([expect.objectContaining({ account: faulty, platform: "bluesky", retryable: false })]);
  });

  it("an account that needs reauthorising is a needs_reauth problem, without calling its network", async () => {
    const ws = await testWorkspace(t);
    const healthy = await connectWithNotification(ws);
    const stale = await connectWithNotification(ws);
    // `down` would fail any call: a needs_reauth account must not be called at all.
    await ws.put(`/v1/sandbox/social-accounts/${stale}/fault`, { fault: "down" });
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, stale));
    const page = (await ws.get("/v1/notifications")).body;
    expect(page.items.map((n) => n.account)).toEqual([healthy]);
    expect(page.problems).toEqual([{ account: stale, platform: "bluesky", code: "needs_reauth", message: expect.any(String), retryable: false }]);
    // Reported again on every page, never silently dropped.
    const next = (await ws.get(`/v1/notifications?cursor=${encodeURIComponent(page.cursor ?? "")}`)).body;
    expect(next.problems.map((p) => [p.account, p.code])).toEqual([[stale, "needs_reauth"]]);
  });
});
