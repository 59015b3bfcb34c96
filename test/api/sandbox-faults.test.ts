import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxRecords, socialAccounts } from "../../src/db/schema/index.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { SandboxToken } from "../../src/sandbox/tokens.js";
import type { SandboxAccount } from "../../src/sandbox/types.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type Reply, type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
/** Every sleep a `slow` simulated account asked for; the test deps make it instant. */
const slept: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep: async (ms) => void slept.push(ms) }) } });
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<{ id: string; handle: string }> {
  counter += 1;
  const handle = platform === "bluesky" ? `fault${counter}.test` : `fault-${platform}-${counter}`;
  return { id: (await ws.connect(platform, { handle })).id, handle };
}

const setFault = (ws: WorkspaceFixture, id: string, json: unknown) => ws.put(`/v1/sandbox/social-accounts/${id}/fault`, json);

/**
 * Stands for "the person revoked the app": every refresh token the simulator issued for the
 * handle stops working. Written through the simulators' store, as the simulated network would.
 */
async function revokeRefreshTokens(ws: WorkspaceFixture, platform: PlatformId, handle: string): Promise<void> {
  const store = createDbSandboxStore(t.db, ws.id);
  const pointer = await store.get<{ accountId: string }>(platform, "handle", handle);
  const tokens = await store.list<SandboxToken>(platform, "token", { owner: pointer?.data.accountId ?? "" });
  const refresh = tokens.filter((token) => token.data.kind === "refresh");
  for (const token of refresh) await store.put(platform, "token", token.id, { ...token.data, revoked: true }, token.owner);
  expect(refresh.length).toBeGreaterThan(0);
}

const rowOf = async (id: string) => (await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)))[0];

interface NetworkCase {
  platform: PlatformId;
  /** A call through the public API that reaches the network. */
  call: (ws: WorkspaceFixture, id: string) => Promise<Reply<unknown>>;
  revoked: "missing_scope" | "missing_permission";
  retryAfter: boolean;
}

const read = (path: string) => (ws: WorkspaceFixture, id: string) => ws.get(`/v1/social-accounts/${id}/${path}`);

const networks: NetworkCase[] = [
  { platform: "tiktok", call: read("publish-info"), revoked: "missing_scope", retryAfter: false },
  { platform: "pinterest", call: read("targets"), revoked: "missing_scope", retryAfter: false },
  { platform: "linkedin", call: read("targets"), revoked: "missing_scope", retryAfter: false },
  { platform: "youtube", call: read("events"), revoked: "missing_scope", retryAfter: false },
  { platform: "googlebusiness", call: read("targets"), revoked: "missing_scope", retryAfter: false },
  {
    platform: "bluesky",
    call: (ws, id) => ws.patch(`/v1/social-accounts/${id}/profile`, { bio: "fault test" }),
    revoked: "missing_scope",
    retryAfter: true,
  },
];

describe.each(networks)("sandbox faults on $platform, through the public API", ({ platform, call, revoked, retryAfter }) => {
  it("expired_token: the next call renews the token and works", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { id } = await connect(ws, platform);
    const before = await rowOf(id);
    const response = await setFault(ws, id, { fault: "expired_token" });
    expect(response.body).toEqual({ account: id, platform, fault: "expired_token", delayMs: null });
    const answer = await call(ws, id);
    expect(answer.status, answer.text).toBe(200);
    const after = await rowOf(id);
    expect(after?.status).toBe("active");
    expect(after?.tokensEncrypted).not.toBe(before?.tokensEncrypted);
    expect((await call(ws, id)).status).toBe(200);
  });

  it("expired_token with a revoked refresh token: the account turns needs_reauth and calls say so", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { id, handle } = await connect(ws, platform);
    await setFault(ws, id, { fault: "expired_token" });
    await revokeRefreshTokens(ws, platform, handle);
    const failed = await call(ws, id);
    expect(failed.status).toBe(409);
    expect(failed.error).toMatchObject({ type: "conflict", code: "needs_reauth", platform, retryable: false });
    expect((await ws.get(`/v1/social-accounts/${id}`)).body).toMatchObject({ status: "needs_reauth" });
    expect((await call(ws, id)).error).toMatchObject({ code: "needs_reauth" });
  });

  it("revoked_permission, rate_limited, down and slow answer as the network would; null clears", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { id } = await connect(ws, platform);

    await setFault(ws, id, { fault: "revoked_permission" });
    const denied = await call(ws, id);
    expect(denied.status).toBe(409);
    expect(denied.error).toMatchObject({ type: "conflict", code: revoked, platform, retryable: false });

    await setFault(ws, id, { fault: "rate_limited" });
    const limited = await call(ws, id);
    expect(limited.status).toBe(429);
    expect(limited.error).toMatchObject({ code: "rate_limited", platform, retryable: true });
    if (retryAfter) expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    else expect(limited.headers.get("retry-after")).toBeNull();

    await setFault(ws, id, { fault: "down" });
    const down = await call(ws, id);
    expect(down.status).toBe(502);
    expect(down.error).toMatchObject({ code: "platform_unavailable", platform, retryable: true });

    slept.length = 0;
    expect((await setFault(ws, id, { fault: "slow", delayMs: 1500 })).body).toEqual({ account: id, platform, fault: "slow", delayMs: 1500 });
    expect((await call(ws, id)).status).toBe(200);
    expect(slept).toContain(1500);

    expect((await setFault(ws, id, { fault: null })).body).toEqual({ account: id, platform, fault: null, delayMs: null });
    slept.length = 0;
    expect((await call(ws, id)).status).toBe(200);
    expect(slept).toEqual([]);
    expect((await rowOf(id))?.status).toBe("active");
  });
});

describe("PUT /v1/sandbox/social-accounts/{id}/fault", () => {
  it.each([
    ["facebook", "targets"],
    ["instagram", "allowance"],
    ["threads", "allowance"],
  ] as const)("turns a %s account needs_reauth on expired_token: Meta renews a token only with the token itself", async (platform, path) => {
    const ws = await testWorkspace(t);
    const { id } = await connect(ws, platform);
    expect((await ws.get(`/v1/social-accounts/${id}/${path}`)).status).toBe(200);
    await setFault(ws, id, { fault: "expired_token" });
    expect((await ws.get(`/v1/social-accounts/${id}/${path}`)).error).toMatchObject({ code: "needs_reauth", platform });
    expect((await rowOf(id))?.status).toBe("needs_reauth");
  });

  it("stores the fault on the simulated person, with the default delay for slow", async () => {
    const ws = await testWorkspace(t);
    const { id, handle } = await connect(ws, "pinterest");
    expect((await setFault(ws, id, { fault: "slow" })).body).toMatchObject({ fault: "slow", delayMs: 3000 });
    const [pointer] = await t.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.platform, "pinterest"), eq(sandboxRecords.kind, "handle"), eq(sandboxRecords.id, handle)));
    const accountId = (pointer?.data as { accountId: string }).accountId;
    const [account] = await t.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.platform, "pinterest"), eq(sandboxRecords.kind, "account"), eq(sandboxRecords.id, accountId)));
    expect(account?.data as SandboxAccount).toMatchObject({ fault: "slow", delayMs: 3000 });
    await setFault(ws, id, { fault: "down" });
    const [cleared] = await t.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.platform, "pinterest"), eq(sandboxRecords.kind, "account"), eq(sandboxRecords.id, accountId)));
    expect(cleared?.data as SandboxAccount).toMatchObject({ fault: "down" });
    expect(cleared?.data as SandboxAccount).not.toHaveProperty("delayMs");
  });

  it("is for test keys only", async () => {
    const live = await testWorkspace(t, { mode: "live" });
    const response = await setFault(live, "acc_anything", { fault: "down" });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: "sandbox_only" });
  });

  it("validates the body and the account", async () => {
    const ws = await testWorkspace(t);
    const { id } = await connect(ws, "pinterest");
    expect((await setFault(ws, id, {})).error).toMatchObject({ code: "field_required", param: "fault" });
    expect((await setFault(ws, id, { fault: "on_fire" })).error).toMatchObject({ code: "field_invalid", param: "fault" });
    expect((await setFault(ws, id, { fault: "slow", delayMs: 30_001 })).error).toMatchObject({ code: "field_invalid", param: "delayMs" });
    expect((await setFault(ws, id, { fault: "down", delayMs: 10 })).error).toMatchObject({ code: "field_invalid", param: "delayMs" });
    expect((await setFault(ws, id, { fault: "down", extra: 1 })).error).toMatchObject({ code: "field_unknown", param: "extra" });
    const unknown = await setFault(ws, "acc_missing", { fault: "down" });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "account_unknown" });
    await ws.delete(`/v1/social-accounts/${id}`);
    expect((await setFault(ws, id, { fault: "down" })).error).toMatchObject({ code: "account_unknown" });
  });
});

describe("sandbox worlds", () => {
  it("gives each workspace its own simulated people: B connecting A's handle and setting it down leaves A posting", async () => {
    const a = await testWorkspace(t, { plan: "subscription" });
    const b = await testWorkspace(t, { plan: "subscription" });
    const handle = `shared${(counter += 1)}.test`;
    const join = async (ws: WorkspaceFixture, appPassword: string) => (await ws.connect("bluesky", { handle, appPassword })).id;
    const aId = await join(a, "abcd-efgh-ijkl-mnop");
    // The same handle and app password: in one shared sandbox this would be A's simulated person.
    const bId = await join(b, "abcd-efgh-ijkl-mnop");
    expect((await setFault(b, bId, { fault: "down" })).body).toMatchObject({ fault: "down" });
    expect((await b.patch(`/v1/social-accounts/${bId}/profile`, { bio: "b" })).error).toMatchObject({ code: "platform_unavailable" });

    const posted = await a.publish({ text: "A is unaffected", accounts: [aId] });
    expect(posted).toMatchObject({ state: "published", targets: [{ account: aId, state: "published" }] });

    // The two simulated people are separate records, each filed under its own workspace.
    const people = await t.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.platform, "bluesky"), eq(sandboxRecords.kind, "handle"), eq(sandboxRecords.id, handle)));
    expect(people.map((row) => row.workspaceId).sort()).toEqual([a.id, b.id].sort());
  });
});
