import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { realSleep } from "../../src/domain/core/network-deps.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** Sandbox faults seen through the conversation routes: `problems` entries on the list, the spec's errors on the direct reads and writes. */
let t: TestApp;
// Long enough for a token renewal on a loaded machine, well under the `slow` fault's 5 s.
const TIMEOUT_MS = 1500;

beforeAll(async () => {
  t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep: realSleep, readTimeoutMs: TIMEOUT_MS }) } });
});

let counter = 0;
/** A connected account with one conversation in it. */
async function withConversation(ws: WorkspaceFixture, platform: PlatformId): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `dmfault${counter}.test` : `dmfault_${counter}`;
  const connected = await ws.post("/v1/social-accounts/connect", { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) });
  const { id } = connected.body;
  if (platform === "facebook" || platform === "instagram") expect((await ws.post(`/v1/social-accounts/${id}/webhook`, {})).status).toBe(200);
  const sent = await ws.post(`/v1/sandbox/social-accounts/${id}/inbound`, { kind: "message", text: "hello", from: platform === "bluesky" ? `fan${counter}.test` : `fan${counter}` });
  expect(sent.status, sent.text).toBe(200);
  return id;
}

const fault = async (ws: WorkspaceFixture, account: string, json: Record<string, unknown>) => expect((await ws.put(`/v1/sandbox/social-accounts/${account}/fault`, json)).status).toBe(200);
const list = async (ws: WorkspaceFixture) => (await ws.get("/v1/conversations")).body;

describe("sandbox faults in GET /v1/conversations", () => {
  it.each([
    // X's own code for its 503 "over capacity".
    ["down", {}, "micro_unavailable", true],
    ["rate_limited", {}, "rate_limited", true],
    ["revoked_permission", {}, "missing_scope", false],
  ] as const)("%s on X: a problems entry, and the Facebook page still answers", async (name, extra, code, retryable) => {
    const ws = await testWorkspace(t);
    const healthy = await withConversation(ws, "facebook");
    const faulty = await withConversation(ws, "twitter");
    await fault(ws, faulty, { fault: name, ...extra });
    const page = await list(ws);
    expect(page.items.map((c) => c.account)).toEqual([healthy]);
    expect(page.problems).toEqual([expect.objectContaining({ account: faulty, platform: "twitter", code, retryable })]);
  });

  it("slow: the page answers within the read timeout, the slow network a retryable problem", async () => {
    const ws = await testWorkspace(t);
    const healthy = await withConversation(ws, "bluesky");
    const faulty = await withConversation(ws, "instagram");
    await fault(ws, faulty, { fault: "slow", delayMs: 5000 });
    const started = performance.now();
    const page = await list(ws);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(page.items.map((c) => c.account)).toEqual([healthy]);
    expect(page.problems).toEqual([{ account: faulty, platform: "instagram", code: "platform_unavailable", message: `instagram did not answer within ${TIMEOUT_MS} ms.`, retryable: true }]);
  });

  it("expired_token: the connection is renewed and every account answers", async () => {
    const ws = await testWorkspace(t);
    await withConversation(ws, "facebook");
    const faulty = await withConversation(ws, "twitter");
    await fault(ws, faulty, { fault: "expired_token" });
    const page = await list(ws);
    expect(page.problems).toEqual([]);
    expect(page.items).toHaveLength(2);
  });

  it("an account to reconnect is a needs_reauth problem on every page, and 409 needs_reauth on its conversation", async () => {
    const ws = await testWorkspace(t);
    await withConversation(ws, "facebook");
    const stale = await withConversation(ws, "bluesky");
    const id = (await list(ws)).items.find((c) => c.account === stale)?.id ?? "";
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, stale));
    const page = await list(ws);
    expect(page.problems).toEqual([expect.objectContaining({ account: stale, platform: "bluesky", code: "needs_reauth", retryable: false })]);
    expect((await ws.get(`/v1/conversations/${id}/messages`)).error).toMatchObject({ code: "needs_reauth", type: "conflict" });
    expect((await ws.post(`/v1/conversations/${id}/messages`, { account: stale, text: "hi" })).error).toMatchObject({ code: "needs_reauth" });
  });
});

describe("sandbox faults on one conversation", () => {
  it("down: reading and replying answer the network's retryable error, and nothing is sent", async () => {
    const ws = await testWorkspace(t);
    const account = await withConversation(ws, "facebook");
    const id = (await list(ws)).items[0]?.id ?? "";
    await fault(ws, account, { fault: "down" });
    expect((await ws.get(`/v1/conversations/${id}/messages`)).error).toMatchObject({ code: "platform_unavailable", retryable: true });
    expect((await ws.post(`/v1/conversations/${id}/messages`, { account, text: "hi" })).error).toMatchObject({ code: "platform_unavailable", retryable: true });
    await fault(ws, account, { fault: null });
    expect((await ws.get(`/v1/conversations/${id}/messages`)).body.items).toHaveLength(1);
  });

  it("rate_limited on X: 429 with Retry-After from X's reset header", async () => {
    const ws = await testWorkspace(t);
    const account = await withConversation(ws, "twitter");
    const id = (await list(ws)).items[0]?.id ?? "";
    await fault(ws, account, { fault: "rate_limited" });
    const response = await ws.post(`/v1/conversations/${id}/messages`, { account, text: "hi" });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
