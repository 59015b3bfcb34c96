import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, sandboxRecords, socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { platformIds } from "../../src/networks/registry.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

describe("connecting accounts with a test key (sandbox networks)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it.each(platformIds.filter((p) => p !== "bluesky"))("connects %s by handle through the simulator's own OAuth", async (platform) => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const response = await ws.post("/v1/social-accounts/connect", { platform, handle: `alice-${platform}` });
    expect(response.status, response.text).toBe(201);
    const account = response.body;
    expect(account).toMatchObject({ id: expect.stringMatching(/^acc_/), platform, status: "active", mode: "test", profileId: null, blocked: null });
    expect(typeof account.handle).toBe("string");
    const [row] = await t.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, String(account.id)));
    expect(row?.tokensEncrypted).toMatch(/^v1\./);
    const [tokenRecord] = await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.kind, "token")).limit(1);
    expect(row?.tokensEncrypted).not.toContain(String(tokenRecord?.id ?? "no-token"));
    const recorded = await t.db.select().from(events).where(eq(events.workspaceId, ws.id));
    expect(recorded.map((e) => e.type)).toEqual(["account.connected"]);
    const byId = await ws.get(`/v1/social-accounts/${String(account.id)}`);
    expect(byId.body).toEqual(account);
  });

  it("connects bluesky with a handle and an app password, and refuses a wrong password storing nothing", async () => {
    const ws = await testWorkspace(t);
    const first = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "bob.test", appPassword: "abcd-efgh-ijkl-mnop" });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ platform: "bluesky", handle: "bob.test", status: "active" });
    // The simulated person lives in this workspace's sandbox world (each workspace has its own).
    const wrong = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "bob.test", appPassword: "wrong-pass-word-xxxx" });
    expect(wrong.status).toBe(400);
    const error = wrong.error;
    expect(error).toMatchObject({ param: "appPassword", platform: "bluesky" });
    expect(error.fix).toMatch(/App passwords/);
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(1);
  });

  it("records the Instagram door as connectVariant and what it discovers", async () => {
    const ws = await testWorkspace(t);
    const viaPage = (await ws.post("/v1/social-accounts/connect", { platform: "instagram", handle: "brand-ig", variant: "facebook_login" })).body;
    expect(viaPage).toMatchObject({ connectVariant: "facebook_login", discovers: { creators: true } });
    const own = (await ws.post("/v1/social-accounts/connect", { platform: "instagram", handle: "solo-ig" })).body;
    expect(own).toMatchObject({ connectVariant: "instagram_login", discovers: { creators: false } });
    const bad = await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: "x1", variant: "facebook_login" });
    expect(bad.error).toMatchObject({ code: "field_invalid", param: "variant" });
  });

  it("attaches the account to a profile, and refuses an unknown profile", async () => {
    const ws = await testWorkspace(t);
    const profile = (await ws.post("/v1/profiles", { username: "acme" })).body;
    const connected = (await ws.post("/v1/social-accounts/connect", { platform: "threads", handle: "acme-threads", profile: "acme" })).body;
    expect(connected.profileId).toBe(profile.id);
    const unknown = await ws.post("/v1/social-accounts/connect", { platform: "threads", handle: "x", profile: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "profile_unknown", param: "profile" });
    await ws.post("/v1/social-accounts/connect", { platform: "linkedin", handle: "no-profile" });
    const filtered = (await ws.get("/v1/social-accounts?profile=acme")).body;
    expect(filtered.accounts.map((a) => a.handle)).toEqual([expect.stringContaining("acme")]);
  });

  it("tells a live key to use a connect link for OAuth networks", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const response = await ws.post("/v1/social-accounts/connect", { platform: "pinterest", handle: "x" });
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ code: "connect_link_required", param: "platform", platform: "pinterest" });
    expect(error.fix).toContain("/v1/connect-link?platform=pinterest");
  });

  it("requires the fields each path needs", async () => {
    const ws = await testWorkspace(t);
    const noHandle = await ws.post("/v1/social-accounts/connect", { platform: "tiktok" });
    expect(noHandle.error).toMatchObject({ code: "field_required", param: "handle" });
    const noPassword = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "a.test" });
    expect(noPassword.error).toMatchObject({ code: "field_required", param: "appPassword" });
    const unknownPlatform = await ws.post("/v1/social-accounts/connect", { platform: "myspace", handle: "a" });
    expect(unknownPlatform.error).toMatchObject({ code: "field_invalid", param: "platform" });
  });

  it("lists with limit and nextCursor, reconnecting keeps the id, and disconnect revokes and hides the account", async () => {
    const ws = await testWorkspace(t);
    const ids: string[] = [];
    for (const handle of ["one", "two", "three"]) {
      t.clock.advance(1000);
      ids.push((await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: `list-${handle}` })).body.id);
    }
    const page = (await ws.get("/v1/social-accounts?limit=2")).body;
    expect(page.accounts.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    const rest = (await ws.get(`/v1/social-accounts?limit=2&cursor=${encodeURIComponent(page.nextCursor ?? "")}`)).body;
    expect(rest).toEqual({ accounts: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const again = (await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: "list-one" })).body;
    expect(again.id).toBe(ids[0]);

    const removed = await ws.delete(`/v1/social-accounts/${ids[1]}`);
    expect(removed.body).toEqual({ id: ids[1], disconnected: true, revoked: true });
    const after = (await ws.get("/v1/social-accounts")).body;
    expect(after.accounts.map((a) => a.id)).not.toContain(ids[1]);
    expect((await ws.get(`/v1/social-accounts/${ids[1]}`)).body).toMatchObject({ status: "disconnected" });
    const types = (await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).map((e) => e.type);
    expect(types.filter((e) => e === "account.disconnected")).toHaveLength(1);
    const audit = (await ws.get("/v1/audit")).body;
    expect(audit.items.map((e) => e.type)).toContain("account.disconnected");
  });

  it("keeps test and live accounts apart", async () => {
    const ws = await testWorkspace(t);
    const account = (await ws.post("/v1/social-accounts/connect", { platform: "youtube", handle: "mode-check" })).body;
    const live = await testWorkspace(t, { mode: "live" });
    expect((await live.get(`/v1/social-accounts/${account.id}`)).status).toBe(404);
  });

  it("blocks accounts of networks the operator blocked; test mode tries the networks the plan excludes", async () => {
    const ws = await testWorkspace(t, { plan: "free" });
    const account = (await ws.post("/v1/social-accounts/connect", { platform: "tiktok", handle: "free-tt" })).body;
    expect(account.blocked).toBeNull();
    await t.db
      .update(workspaces)
      .set({ blockedPlatforms: ["tiktok"] })
      .where(eq(workspaces.id, ws.id));
    // Written behind the API's back: the verified key (and its workspace) is trusted for a few seconds.
    t.clock.advance(6_000);
    const again = (await ws.get(`/v1/social-accounts/${String(account.id)}`)).body;
    expect(again.blocked).toMatchObject({ reason: "plan_excludes_network" });
  });
});

describeOnEachDatabase("connecting the same account twice at once", (app) => {
  it("ends with one account record whose tokens open, not a 500", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const responses = await Promise.all([0, 1, 2].map(() => ws.post("/v1/social-accounts/connect", { platform: "pinterest", handle: "twice-at-once" })));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => r.body.id)));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const targets = await ws.get(`/v1/social-accounts/${id}/targets`);
    expect(targets.status).toBe(200);
  });
});
