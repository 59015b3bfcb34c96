import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, sandboxRecords, socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { platformIds } from "../../src/types/platform-ids.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";

describe("connecting accounts with a test key (sandbox networks)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it.each(platformIds.filter((p) => p !== "bluesky"))("connects %s by handle through the simulator's own OAuth", async (platform) => {
    const ws = await t.workspace({ plan: "subscription" });
    const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle: `alice-${platform}` } });
    expect(response.status, await response.clone().text()).toBe(201);
    const account = (await response.json()) as Record<string, unknown>;
    expect(account).toMatchObject({ id: expect.stringMatching(/^acc_/), platform, status: "active", mode: "test", profileId: null, blocked: null });
    expect(typeof account.handle).toBe("string");
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, String(account.id)));
    expect(row?.tokensEncrypted).toMatch(/^v1\./);
    const [tokenRecord] = await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.kind, "token")).limit(1);
    expect(row?.tokensEncrypted).not.toContain(String(tokenRecord?.id ?? "no-token"));
    const recorded = await t.db.select().from(events).where(eq(events.workspaceId, ws.id));
    expect(recorded.map((e) => e.type)).toEqual(["account.connected"]);
    const byId = await ws.request(`/v1/social-accounts/${String(account.id)}`);
    expect(await byId.json()).toEqual(account);
  });

  it("connects bluesky with a handle and an app password, and refuses a wrong password storing nothing", async () => {
    const ws = await t.workspace();
    const first = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "bluesky", handle: "bob.test", appPassword: "abcd-efgh-ijkl-mnop" } });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toMatchObject({ platform: "bluesky", handle: "bob.test", status: "active" });
    // The simulated person lives in this workspace's sandbox world (each workspace has its own).
    const wrong = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "bluesky", handle: "bob.test", appPassword: "wrong-pass-word-xxxx" } });
    expect(wrong.status).toBe(400);
    const error = await errorOf(wrong);
    expect(error).toMatchObject({ param: "appPassword", platform: "bluesky" });
    expect(error.fix).toMatch(/App passwords/);
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(1);
  });

  it("records the Instagram door as connectVariant and what it discovers", async () => {
    const ws = await t.workspace();
    const viaPage = (await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "instagram", handle: "brand-ig", variant: "facebook_login" } })).json()) as Record<string, unknown>;
    expect(viaPage).toMatchObject({ connectVariant: "facebook_login", discovers: { creators: true } });
    const own = (await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "instagram", handle: "solo-ig" } })).json()) as Record<string, unknown>;
    expect(own).toMatchObject({ connectVariant: "instagram_login", discovers: { creators: false } });
    const bad = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "twitter", handle: "x1", variant: "facebook_login" } });
    expect(await errorOf(bad)).toMatchObject({ code: "field_invalid", param: "variant" });
  });

  it("attaches the account to a profile, and refuses an unknown profile", async () => {
    const ws = await t.workspace();
    const profile = (await (await ws.request("/v1/profiles", { method: "POST", json: { username: "acme" } })).json()) as { id: string };
    const connected = (await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "threads", handle: "acme-threads", profile: "acme" } })).json()) as { profileId: string };
    expect(connected.profileId).toBe(profile.id);
    const unknown = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "threads", handle: "x", profile: "nope" } });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: "profile_unknown", param: "profile" });
    await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "linkedin", handle: "no-profile" } });
    const filtered = (await (await ws.request("/v1/social-accounts?profile=acme")).json()) as { accounts: { handle: string }[]; nextCursor: null };
    expect(filtered.accounts.map((a) => a.handle)).toEqual([expect.stringContaining("acme")]);
  });

  it("tells a live key to use a connect link for OAuth networks", async () => {
    const ws = await t.workspace({ mode: "live" });
    const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "pinterest", handle: "x" } });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: "connect_link_required", param: "platform", platform: "pinterest" });
    expect(error.fix).toContain("/v1/connect-link?platform=pinterest");
  });

  it("requires the fields each path needs", async () => {
    const ws = await t.workspace();
    const noHandle = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "tiktok" } });
    expect(await errorOf(noHandle)).toMatchObject({ code: "field_required", param: "handle" });
    const noPassword = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "bluesky", handle: "a.test" } });
    expect(await errorOf(noPassword)).toMatchObject({ code: "field_required", param: "appPassword" });
    const unknownPlatform = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "myspace", handle: "a" } });
    expect(await errorOf(unknownPlatform)).toMatchObject({ code: "field_invalid", param: "platform" });
  });

  it("lists with limit and nextCursor, reconnecting keeps the id, and disconnect revokes and hides the account", async () => {
    const ws = await t.workspace();
    const ids: string[] = [];
    for (const handle of ["one", "two", "three"]) {
      t.clock.advance(1000);
      ids.push(((await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "twitter", handle: `list-${handle}` } })).json()) as { id: string }).id);
    }
    const page = (await (await ws.request("/v1/social-accounts?limit=2")).json()) as { accounts: { id: string }[]; nextCursor: string };
    expect(page.accounts.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    const rest = (await (await ws.request(`/v1/social-accounts?limit=2&cursor=${encodeURIComponent(page.nextCursor)}`)).json()) as { accounts: { id: string }[]; nextCursor: null };
    expect(rest).toEqual({ accounts: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const again = (await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "twitter", handle: "list-one" } })).json()) as { id: string };
    expect(again.id).toBe(ids[0]);

    const removed = await ws.request(`/v1/social-accounts/${ids[1]}`, { method: "DELETE" });
    expect(await removed.json()).toEqual({ id: ids[1], disconnected: true, revoked: true });
    const after = (await (await ws.request("/v1/social-accounts")).json()) as { accounts: { id: string }[] };
    expect(after.accounts.map((a) => a.id)).not.toContain(ids[1]);
    expect(await (await ws.request(`/v1/social-accounts/${ids[1]}`)).json()).toMatchObject({ status: "disconnected" });
    const types = (await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).map((e) => e.type);
    expect(types.filter((e) => e === "account.disconnected")).toHaveLength(1);
    const audit = (await (await ws.request("/v1/audit")).json()) as { items: { type: string }[] };
    expect(audit.items.map((e) => e.type)).toContain("account.disconnected");
  });

  it("keeps test and live accounts apart", async () => {
    const ws = await t.workspace();
    const account = (await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "youtube", handle: "mode-check" } })).json()) as { id: string };
    const live = await t.workspace({ mode: "live" });
    expect((await live.request(`/v1/social-accounts/${account.id}`)).status).toBe(404);
  });

  it("blocks accounts of networks the operator blocked; test mode tries the networks the plan excludes", async () => {
    const ws = await t.workspace({ plan: "free" });
    const account = (await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "tiktok", handle: "free-tt" } })).json()) as Record<string, unknown>;
    expect(account.blocked).toBeNull();
    await t.db.update(workspaces).set({ blockedPlatforms: ["tiktok"] }).where(eq(workspaces.id, ws.id));
    // Written behind the API's back: the verified key (and its workspace) is trusted for a few seconds.
    t.clock.advance(6_000);
    const again = (await (await ws.request(`/v1/social-accounts/${String(account.id)}`)).json()) as Record<string, unknown>;
    expect(again.blocked).toMatchObject({ reason: "plan_excludes_network" });
  });
});

describeOnEachDatabase("connecting the same account twice at once", (app) => {
  it("ends with one account record whose tokens open, not a 500", async () => {
    const t = app();
    const ws = await t.workspace({ plan: "subscription" });
    const responses = await Promise.all([0, 1, 2].map(() => ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "pinterest", handle: "twice-at-once" } })));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const targets = await ws.request(`/v1/social-accounts/${id}/targets`);
    expect(targets.status).toBe(200);
  });
});
