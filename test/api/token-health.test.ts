import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, socialAccounts } from "../../src/db/schema/index.js";
import { sweepExpiringTokens } from "../../src/domain/accounts/sweep-expiring-tokens.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId, extra: Record<string, string> = {}): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle: `health-${platform}-${counter}`, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

const eventsOf = (workspaceId: string, type: string) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), eq(events.type, type)));

const runtime = () => t.jobRuntime();

/** Opens the reconnect link the way a person would: it must lead to the network's door. */
async function expectWorkingLink(url: unknown, platform: string) {
  expect(url).toEqual(expect.stringMatching(new RegExp(`^http://chorus\\.test/connect/[^/]+/start/${platform}`)));
  const opened = await t.app.request(String(url).replace("http://chorus.test", "http://localhost"));
  expect(opened.status, await opened.clone().text()).toBeLessThan(400);
}

describe("account.needs_reauth", () => {
  it("is recorded once, when a failed renewal turns the account needs_reauth, with a reconnect link", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "facebook");
    await ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: "expired_token" });
    expect((await ws.get(`/v1/social-accounts/${id}/targets`)).error).toMatchObject({ code: "needs_reauth" });
    expect((await ws.get(`/v1/social-accounts/${id}/targets`)).error).toMatchObject({ code: "needs_reauth" });
    const recorded = await eventsOf(ws.id, "account.needs_reauth");
    expect(recorded).toHaveLength(1);
    const data = recorded[0]?.data ?? {};
    expect(data).toMatchObject({ id, platform: "facebook", status: "needs_reauth", reconnectUrlExpiresAt: "2026-11-28T12:00:00.000Z" });
    await expectWorkingLink(data.reconnectUrl, "facebook");
  });

  it("is recorded once when several requests fail to renew at the same time", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "threads");
    await ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: "expired_token" });
    const answers = await Promise.all([1, 2, 3].map(() => ws.get(`/v1/social-accounts/${id}/allowance`)));
    expect(answers.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(await eventsOf(ws.id, "account.needs_reauth")).toHaveLength(1);
  });

  it("is not recorded when a renewal works", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const id = await connect(ws, "pinterest");
    await ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: "expired_token" });
    expect((await ws.get(`/v1/social-accounts/${id}/targets`)).status).toBe(200);
    expect(await eventsOf(ws.id, "account.needs_reauth")).toHaveLength(0);
  });
});

describe("account.token_expiring", () => {
  const setExpiry = (id: string, at: Date) => t.db.update(socialAccounts).set({ tokenExpiresAt: at }).where(eq(socialAccounts.id, id));
  const DAY = 24 * 60 * 60_000;

  it("warns once per token, 7 days before a token that cannot be renewed expires", async () => {
    const ws = await testWorkspace(t);
    const facebook = await connect(ws, "facebook");
    const viaPage = await connect(ws, "instagram", { variant: "facebook_login" });
    const ownDoor = await connect(ws, "instagram");
    const threads = await connect(ws, "threads");
    const expiry = new Date(t.clock.now().getTime() + 20 * DAY);
    for (const id of [facebook, viaPage, ownDoor, threads]) await setExpiry(id, expiry);

    await sweepExpiringTokens(runtime());
    expect(await eventsOf(ws.id, "account.token_expiring")).toHaveLength(0);

    t.clock.advance(13 * DAY + 60_000);
    // Pages of one: every candidate is still reached, and the second run repeats nothing.
    await sweepExpiringTokens(runtime(), 1);
    await sweepExpiringTokens(runtime(), 1);
    const warned = await eventsOf(ws.id, "account.token_expiring");
    expect(warned.map((e) => e.data.id).sort()).toEqual([facebook, viaPage].sort());
    const fb = warned.find((e) => e.data.id === facebook)?.data ?? {};
    expect(fb).toMatchObject({ platform: "facebook", expiresAt: expiry.toISOString() });
    await expectWorkingLink(fb.reconnectUrl, "facebook");
    expect(warned.find((e) => e.data.id === viaPage)?.data.reconnectUrl).toContain("/start/instagram?variant=facebook_login");

    // A reconnect brings a new token with a new expiry: that one is warned about in its turn.
    const renewed = new Date(expiry.getTime() + 60 * 60_000);
    await setExpiry(facebook, renewed);
    t.clock.advance(DAY);
    await sweepExpiringTokens(runtime());
    expect((await eventsOf(ws.id, "account.token_expiring")).filter((e) => e.data.id === facebook)).toHaveLength(2);
  });

  it("warns about LinkedIn tokens without a refresh token, and never about expired or disconnected accounts", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const member = await connect(ws, "linkedin", { variant: "member" });
    const partner = await connect(ws, "linkedin", { variant: "organization" });
    const gone = await connect(ws, "facebook");
    await ws.delete(`/v1/social-accounts/${gone}`);
    const past = await connect(ws, "facebook");
    const soon = new Date(t.clock.now().getTime() + 3 * DAY);
    for (const id of [member, partner, gone]) await setExpiry(id, soon);
    await setExpiry(past, new Date(t.clock.now().getTime() - DAY));
    await sweepExpiringTokens(runtime());
    // A self-serve app (member) has no refresh token; a partner app's refresh token outlives the access token.
    expect((await eventsOf(ws.id, "account.token_expiring")).map((e) => e.data.id)).toEqual([member]);
  });
});
