import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { createApiKey } from "../../src/domain/keys/create-api-key.js";
import { grantCredits, resetTestCredits } from "../../src/domain/workspaces/operator-actions.js";
import { newId } from "../../src/infra/ids.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

interface Limits {
  credits: { total: number; monthly: number; pack: number; blockedPlatforms: string[] };
  billing: { mode: string };
}

async function connect(ws: TestWorkspace, platform: string, handle: string) {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

const post = (ws: TestWorkspace, account: string, text: string) => ws.request("/v1/posts", { method: "POST", json: { text, accounts: [account] } });

/** Test keys spend a ledger of their own: sandbox traffic never touches a live balance. */
describe("test and live credit ledgers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  async function liveKey(ws: TestWorkspace): Promise<TestWorkspace> {
    const key = await createApiKey(t.db, { workspaceId: ws.id, mode: "live", name: "live", actor: "operator", at: t.clock.now() });
    const request: TestWorkspace["request"] = (path, init = {}) => t.app.request(`http://chorus.test${path}`, { ...init, headers: { authorization: `Bearer ${key.key}` } }) as Promise<Response>;
    return { id: ws.id, key: key.key, keyId: key.id, request };
  }

  it("five sandbox posts spend the test ledger and leave the live balance unchanged", async () => {
    const ws = await t.workspace({ plan: "free" });
    const live = await liveKey(ws);
    await grantCredits(t.db, { workspaceId: ws.id, amount: 20, purchased: true, mode: "live", at: t.clock.now() });
    const [before] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    const account = await connect(ws, "linkedin", "ledger-five");
    for (const n of [1, 2, 3, 4, 5]) expect((await post(ws, account.id, `sandbox post ${n}`)).status).toBe(201);

    const testView = (await (await ws.request("/v1/me/limits")).json()) as Limits;
    expect(testView.credits).toMatchObject({ total: 5, monthly: 5, pack: 0 });
    const liveView = (await (await live.request("/v1/me/limits")).json()) as Limits;
    expect(liveView.credits).toMatchObject({ total: 30, monthly: 10, pack: 20 });
    const [after] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect({ monthly: after?.creditsMonthly, pack: after?.creditsPack, purchased: after?.creditsPurchased }).toEqual({
      monthly: before?.creditsMonthly,
      pack: before?.creditsPack,
      purchased: before?.creditsPurchased,
    });
  });

  it("is 402 for a test key whose test ledger is empty, whatever the live balance; a top-up or a reset lets it post", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 500 });
    const account = await connect(ws, "linkedin", "ledger-empty");
    await t.db.update(workspaces).set({ testCreditsMonthly: 0, testCreditsPack: 0 }).where(eq(workspaces.id, ws.id));
    const refused = await post(ws, account.id, "no test credits");
    expect(refused.status).toBe(402);
    expect(await errorOf(refused)).toMatchObject({ code: "entitlement_exceeded", param: "accounts", fix: expect.stringContaining("credits grant --mode test") });
    expect(((await (await ws.request("/v1/posts")).json()) as { items: unknown[] }).items).toHaveLength(0);

    expect(await grantCredits(t.db, { workspaceId: ws.id, amount: 1, purchased: false, mode: "test", at: t.clock.now() })).toMatchObject({ mode: "test", pack: 1, total: 1 });
    expect((await post(ws, account.id, "one test credit")).status).toBe(201);
    expect((await post(ws, account.id, "none left")).status).toBe(402);
    await resetTestCredits(t.db, { workspaceId: ws.id, at: t.clock.now() });
    expect(((await (await ws.request("/v1/me/limits")).json()) as Limits).credits).toMatchObject({ total: 1000, monthly: 1000, pack: 0 });
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect({ monthly: row?.creditsMonthly, pack: row?.creditsPack }).toEqual({ monthly: 1000, pack: 500 });
  });

  it("gives a failed test target's credit back to the test ledger", async () => {
    const ws = await t.workspace({ plan: "free" });
    const account = await connect(ws, "linkedin", "ledger-refund");
    await ws.request(`/v1/sandbox/social-accounts/${account.id}/fault`, { method: "PUT", json: { fault: "revoked_permission" } });
    const created = (await (await post(ws, account.id, "this one fails")).json()) as { targets: { state: string }[] };
    expect(created.targets[0]?.state).toBe("failed");
    expect(((await (await ws.request("/v1/me/limits")).json()) as Limits).credits).toMatchObject({ total: 10 });
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect(row?.testCreditsMonthly).toBe(10);
  });

  it("lets test mode try the networks the free plan excludes, and refuses them to live keys with 402", async () => {
    const ws = await t.workspace({ plan: "free" });
    const x = await connect(ws, "twitter", "ledger-free-x");
    expect((await post(ws, x.id, "sandbox X on the free plan")).status).toBe(201);

    const live = await liveKey(ws);
    expect(((await (await live.request("/v1/me/limits")).json()) as Limits).credits.blockedPlatforms).toEqual(["tiktok", "twitter"]);
    const liveX = newId("acc");
    await t.db.insert(socialAccounts).values({ id: liveX, workspaceId: ws.id, platform: "twitter", mode: "live", networkUserId: "live-x-1", handle: "live-x", status: "active", scopes: [] });
    const refused = await t.app.request("http://chorus.test/v1/posts", {
      method: "POST",
      headers: { authorization: `Bearer ${live.key}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "live X on the free plan", accounts: [liveX] }),
    });
    expect(refused.status).toBe(402);
    expect(await errorOf(refused)).toMatchObject({ code: "entitlement_exceeded", platform: "twitter" });
  });
});
