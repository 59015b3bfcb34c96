import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets, socialAccounts } from "../../src/db/schema/index.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { adapters } from "../../src/networks/registry.js";
import { newId } from "../../src/infra/ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
/** Connects a fresh sandbox account (a unique handle, so no other test shares its simulated person). */
async function connect(ws: WorkspaceFixture, platform: PlatformId, extra: Record<string, string> = {}): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `res${counter}.test` : `res-${platform}-${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}), ...extra };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

const get = <P extends string>(ws: WorkspaceFixture, path: P) => ws.get(path);

describe("GET /v1/social-accounts/{id}/targets", () => {
  it.each([
    ["facebook", "page"],
    ["pinterest", "board"],
    ["googlebusiness", "location"],
    ["linkedin", "organization"],
  ] as const)("lists %s destinations read from the network", async (platform, kind) => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const id = await connect(ws, platform);
    const { status, body } = await get(ws, `/v1/social-accounts/${id}/targets`);
    expect(status, JSON.stringify(body)).toBe(200);
    const items = body.items as { id: string; name: string; kind: string; details: Record<string, unknown> }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toEqual({ id: expect.any(String), name: expect.any(String), kind, details: expect.any(Object) });
    expect(body.cursor).toBeNull();
  });

  it("answers an empty list for networks where the account is the destination", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    for (const platform of ["twitter", "bluesky", "tiktok"] as const) {
      const id = await connect(ws, platform);
      expect((await ws.get(`/v1/social-accounts/${id}/targets`)).body).toEqual({ items: [], cursor: null });
    }
  });

  it("refuses a disconnected account as unknown and a needs_reauth one with needs_reauth", async () => {
    const ws = await testWorkspace(t);
    const gone = await connect(ws, "pinterest");
    await ws.delete(`/v1/social-accounts/${gone}`);
    const response = await ws.get(`/v1/social-accounts/${gone}/targets`);
    expect(response.status).toBe(404);
    expect(response.error).toMatchObject({ code: "account_unknown", param: "id" });

    const stale = await connect(ws, "pinterest");
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, stale));
    const refused = await ws.get(`/v1/social-accounts/${stale}/targets`);
    // 401 belongs to the API key: a connection that needs reconnecting is a 409 conflict.
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ type: "conflict", code: "needs_reauth", platform: "pinterest" });
  });

  it("does not show a test account to a live key, nor an unknown id", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "facebook");
    const live = await testWorkspace(t, { mode: "live" });
    expect((await live.get(`/v1/social-accounts/${id}/targets`)).status).toBe(404);
    expect((await ws.get("/v1/social-accounts/acc_nope/targets")).error).toMatchObject({ code: "account_unknown", param: "id" });
  });
});

describe("GET /v1/social-accounts/{id}/publish-info", () => {
  it("reads TikTok's creator info", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const id = await connect(ws, "tiktok");
    const { status, body } = await get(ws, `/v1/social-accounts/${id}/publish-info`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      platform: "tiktok",
      creatorUsername: expect.any(String),
      privacyLevelOptions: expect.arrayContaining(["SELF_ONLY"]),
      commentDisabled: expect.any(Boolean),
      duetDisabled: expect.any(Boolean),
      stitchDisabled: expect.any(Boolean),
      maxVideoPostDurationSec: expect.any(Number),
    });
  });

  it("is a 404 for networks without creator-level constraints", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "pinterest");
    const response = await ws.get(`/v1/social-accounts/${id}/publish-info`);
    expect(response.status).toBe(404);
    const error = response.error;
    expect(error).toMatchObject({ code: "publish_info_unsupported", type: "not_found", param: "id", platform: "pinterest", retryable: false });
    expect(error.message).toContain("Pinterest");
    expect(error.fix).toContain("/v1/platforms/pinterest");
  });
});

describe("GET /v1/social-accounts/{id}/allowance", () => {
  it.each([
    ["instagram", 100],
    ["threads", 250],
  ] as const)("reads %s' own count from the network", async (platform, limit) => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, platform);
    const { status, body } = await get(ws, `/v1/social-accounts/${id}/allowance`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ used: expect.any(Number), limit, remaining: limit - Number(body.used), windowHours: 24, platform, source: "network" });
  });

  it("answers TikTok's documented window with the posts Chorus sent through the account", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const id = await connect(ws, "tiktok");
    expect((await get(ws, `/v1/social-accounts/${id}/allowance`)).body).toEqual({ used: 0, limit: 15, remaining: 15, windowHours: 24, platform: "tiktok", source: "documented" });

    // Two posts inside the window, one still processing, one from two days ago and one failed.
    const postId = newId("post");
    const now = t.clock.now();
    await t.db
      .insert(posts)
      .values({ id: postId, workspaceId: ws.id, state: "published", text: "x", textOverrides: {}, media: [], mediaAlt: [], mediaOverrides: {}, mediaAltOverrides: {}, platformOptions: {} });
    const target = (state: string, publishedAt: Date | null) => ({ id: newId("tgt"), postId, workspaceId: ws.id, accountId: id, platform: "tiktok" as const, handle: "h", state, publishedAt });
    await t.db
      .insert(postTargets)
      .values([
        target("published", new Date(now.getTime() - 3_600_000)),
        target("published", new Date(now.getTime() - 60_000)),
        target("processing", null),
        target("published", new Date(now.getTime() - 2 * 86_400_000)),
        target("failed", null),
      ]);
    expect((await get(ws, `/v1/social-accounts/${id}/allowance`)).body).toMatchObject({ used: 3, limit: 15, remaining: 12, source: "documented" });
  });

  it("refuses networks that publish no per-account posting window", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const id = await connect(ws, "twitter");
    const response = await ws.get(`/v1/social-accounts/${id}/allowance`);
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ code: "capability_unsupported", param: "id", platform: "twitter" });
    expect(error.message).toContain("X accounts");
    expect(error.fix).toContain("/v1/platforms/twitter");
  });

  it("names only whole-hour, existing rateLimits entries as documented windows", () => {
    const windows = Object.values(adapters).flatMap((adapter) => (adapter.rules.postingWindowScope ? [{ platform: adapter.platform, scope: adapter.rules.postingWindowScope }] : []));
    expect(windows.map((w) => w.platform)).toContain("tiktok");
    for (const { platform, scope } of windows) {
      const entry = adapters[platform].capabilities.rateLimits.find((limit) => limit.scope === scope);
      expect(entry, `${platform}: ${scope}`).toBeDefined();
      expect((entry?.windowSeconds ?? 1) % 3600).toBe(0);
    }
  });
});

describe("PATCH /v1/social-accounts/{id}/profile", () => {
  it("changes only the fields sent on Bluesky and refreshes the stored name", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "bluesky");
    const response = await ws.patch(`/v1/social-accounts/${id}/profile`, { displayName: "New Name", bio: "Hello from Chorus" });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ account: id, platform: "bluesky", ok: true });
    expect((await ws.get(`/v1/social-accounts/${id}`)).body).toMatchObject({ displayName: "New Name" });

    await ws.patch(`/v1/social-accounts/${id}/profile`, { bio: "Only the bio" });
    expect((await ws.get(`/v1/social-accounts/${id}`)).body).toMatchObject({ displayName: "New Name" });
  });

  it("refuses networks that allow no profile edits, naming the network", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "linkedin");
    const response = await ws.patch(`/v1/social-accounts/${id}/profile`, { bio: "x" });
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ code: "capability_unsupported", platform: "linkedin", param: "id" });
    expect(error.message).toContain("LinkedIn");
  });

  it("validates the body", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "bluesky");
    const patch = (json: unknown) => ws.patch(`/v1/social-accounts/${id}/profile`, json);
    expect((await patch({})).error).toMatchObject({ code: "field_invalid" });
    expect((await patch({ nickname: "x" })).error).toMatchObject({ code: "field_unknown", param: "nickname" });
    expect((await patch({ bio: 5 })).error).toMatchObject({ code: "field_wrong_type", param: "bio" });
    expect((await patch({ avatarUrl: "http://example.com/a.png" })).error).toMatchObject({ code: "field_invalid", param: "avatarUrl", platform: "bluesky" });
    expect((await patch({ displayName: "x".repeat(65) })).error).toMatchObject({ code: "field_invalid", param: "displayName" });
  });
});

describe("POST /v1/social-accounts/{id}/webhook", () => {
  it("subscribes every Facebook page with the default fields", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "facebook");
    const response = await ws.post(`/v1/social-accounts/${id}/webhook`, {});
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ subscribed: true, fields: ["feed", "mention", "messages"] });
  });

  it("uses Instagram's own field names on the Instagram-login door, and the page on the Facebook door", async () => {
    const ws = await testWorkspace(t);
    const own = await connect(ws, "instagram");
    const body = (await ws.post(`/v1/social-accounts/${own}/webhook`, { fields: ["feed", "mention", "feed"] })).body;
    expect(body).toEqual({ subscribed: true, fields: ["comments", "mentions"] });
    const viaPage = await connect(ws, "instagram", { variant: "facebook_login" });
    expect((await ws.post(`/v1/social-accounts/${viaPage}/webhook`, { fields: ["feed"] })).body).toEqual({ subscribed: true, fields: ["feed"] });
  });

  it("refuses networks whose webhooks are app-level only, and bad fields", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "threads");
    expect((await ws.post(`/v1/social-accounts/${id}/webhook`, {})).error).toMatchObject({ code: "capability_unsupported", platform: "threads" });
    const fb = await connect(ws, "facebook");
    expect((await ws.post(`/v1/social-accounts/${fb}/webhook`, { fields: ["Feed!"] })).error).toMatchObject({ code: "field_invalid", param: "fields[0]" });
    expect((await ws.post(`/v1/social-accounts/${fb}/webhook`, { fields: [] })).error).toMatchObject({ code: "field_invalid", param: "fields" });
  });
});

describe("ad accounts, branded partners and events", () => {
  it.each([["facebook"], ["pinterest"]] as const)("lists %s ad accounts", async (platform) => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, platform);
    const { status, body } = await get(ws, `/v1/social-accounts/${id}/ad-accounts`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.cursor).toBeNull();
    for (const item of body.items as unknown[])
      expect(item).toEqual({ id: expect.any(String), name: expect.any(String), currency: expect.toBeOneOf([null, expect.any(String)]), status: expect.toBeOneOf([null, expect.any(String)]) });
  });

  it("reads Instagram ad accounts and partners only through the Facebook-login door", async () => {
    const ws = await testWorkspace(t);
    const viaPage = await connect(ws, "instagram", { variant: "facebook_login" });
    expect((await get(ws, `/v1/social-accounts/${viaPage}/ad-accounts`)).body.items).toEqual([expect.objectContaining({ id: expect.stringMatching(/^act_/) })]);
    const partners = await get(ws, `/v1/social-accounts/${viaPage}/branded-partners`);
    expect(partners.status, JSON.stringify(partners.body)).toBe(200);
    const list = partners.body.partners as { id: string; handle: string; canPromote: boolean }[];
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) expect(Object.keys(p).sort()).toEqual(["canPromote", "handle", "id"]);

    const own = await connect(ws, "instagram");
    for (const path of ["branded-partners", "ad-accounts"]) {
      const response = await ws.get(`/v1/social-accounts/${own}/${path}`);
      expect(response.status).toBe(400);
      const error = response.error;
      expect(error).toMatchObject({ code: "photo_page_door_required", platform: "instagram" });
      expect(error.fix).toContain("variant=facebook_login");
    }
  });

  it("lists YouTube's upcoming broadcasts as events", async () => {
    const ws = await testWorkspace(t);
    const id = await connect(ws, "youtube");
    const { status, body } = await get(ws, `/v1/social-accounts/${id}/events`);
    expect(status, JSON.stringify(body)).toBe(200);
    const items = body.items as { name: string; url: string }[];
    expect(items.map((e) => e.name)).toEqual(expect.arrayContaining(["Sandbox live Q&A"]));
    expect(items.map((e) => e.name)).not.toContain("Sandbox past stream");
  });

  it("refuses each read on networks without it, with one code pointing at /v1/platforms", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const twitter = await connect(ws, "twitter");
    for (const path of ["ad-accounts", "branded-partners", "events"]) {
      const response = await ws.get(`/v1/social-accounts/${twitter}/${path}`);
      expect(response.status, path).toBe(400);
      const error = response.error;
      expect(error).toMatchObject({ code: "capability_unsupported", param: "id", platform: "twitter", retryable: false });
      expect(error.fix).toContain("GET /v1/platforms/twitter");
    }
  });
});
