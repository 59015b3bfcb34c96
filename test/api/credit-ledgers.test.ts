import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { createApiKey } from "../../src/domain/keys/create-api-key.js";
import { grantCredits, resetTestCredits } from "../../src/domain/workspaces/operator-actions.js";
import { newId } from "../../src/infra/ids.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace, workspaceFixture } from "../support/workspace-fixture.js";

async function connect(ws: WorkspaceFixture, platform: string, handle: string) {
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle });
  expect(response.status).toBe(201);
  return response.body;
}

const post = (ws: WorkspaceFixture, account: string, text: string) => ws.post("/v1/posts", { text, accounts: [account] });

/** Test keys spend a ledger of their own: sandbox traffic never touches a live balance. */
describe("test and live credit ledgers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  async function liveKey(ws: WorkspaceFixture): Promise<WorkspaceFixture> {
    const key = await createApiKey(t.db, { workspaceId: ws.id, mode: "live", name: "live", actor: "operator", at: t.clock.now() });
    const request: TestWorkspace["request"] = (path, init = {}) => t.app.request(`http://chorus.test${path}`, { ...init, headers: { authorization: `Bearer ${key.key}` } }) as Promise<Response>;
    return workspaceFixture(t, { id: ws.id, key: key.key, keyId: key.id, request });
  }

  it("five sandbox posts spend the test ledger and leave the live balance unchanged", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    const live = await liveKey(ws);
    await grantCredits(t.db, { workspaceId: ws.id, amount: 20, purchased: true, mode: "live", at: t.clock.now() });
    const [before] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    const account = await connect(ws, "linkedin", "ledger-five");
    for (const n of [1, 2, 3, 4, 5]) expect((await post(ws, account.id, `sandbox post ${n}`)).status).toBe(201);

    const testView = (await ws.get("/v1/me/limits")).body;
    expect(testView.credits).toMatchObject({ total: 5, monthly: 5, pack: 0 });
    const liveView = (await live.get("/v1/me/limits")).body;
    expect(liveView.credits).toMatchObject({ total: 30, monthly: 10, pack: 20 });
    const [after] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect({ monthly: after?.creditsMonthly, pack: after?.creditsPack, purchased: after?.creditsPurchased }).toEqual({
      monthly: before?.creditsMonthly,
      pack: before?.creditsPack,
      purchased: before?.creditsPurchased,
    });
  });

  it("is 402 for a test key whose test ledger is empty, whatever the live balance; a top-up or a reset lets it post", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 500 });
    const account = await connect(ws, "linkedin", "ledger-empty");
    await t.db.update(workspaces).set({ testCreditsMonthly: 0, testCreditsPack: 0 }).where(eq(workspaces.id, ws.id));
    const refused = await post(ws, account.id, "no test credits");
    expect(refused.status).toBe(402);
    expect(refused.error).toMatchObject({ code: "entitlement_exceeded", param: "accounts", fix: expect.stringContaining("credits grant --mode test") });
    expect((await ws.get("/v1/posts")).body.items).toHaveLength(0);

    expect(await grantCredits(t.db, { workspaceId: ws.id, amount: 1, purchased: false, mode: "test", at: t.clock.now() })).toMatchObject({ mode: "test", pack: 1, total: 1 });
    expect((await post(ws, account.id, "one test credit")).status).toBe(201);
    expect((await post(ws, account.id, "none left")).status).toBe(402);
    await resetTestCredits(t.db, { workspaceId: ws.id, at: t.clock.now() });
    expect((await ws.get("/v1/me/limits")).body.credits).toMatchObject({ total: 1000, monthly: 1000, pack: 0 });
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect({ monthly: row?.creditsMonthly, pack: row?.creditsPack }).toEqual({ monthly: 1000, pack: 500 });
  });

  it("gives a failed test target's credit back to the test ledger", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    const account = await connect(ws, "linkedin", "ledger-refund");
    await ws.put(`/v1/sandbox/social-accounts/${account.id}/fault`, { fault: "revoked_permission" });
    const created = (await post(ws, account.id, "this one fails")).body;
    expect(created.targets[0]?.state).toBe("failed");
    expect((await ws.get("/v1/me/limits")).body.credits).toMatchObject({ total: 10 });
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect(row?.testCreditsMonthly).toBe(10);
  });

  it("lets test mode try the networks the free plan excludes, and refuses them to live keys with 402", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    const x = await connect(ws, "twitter", "ledger-free-x");
    expect((await post(ws, x.id, "sandbox X on the free plan")).status).toBe(201);

    const live = await liveKey(ws);
    expect((await live.get("/v1/me/limits")).body.credits.blockedPlatforms).toEqual(["tiktok", "twitter"]);
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
