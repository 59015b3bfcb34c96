import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, workspaces } from "../../src/db/schema/index.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

async function connect(ws: WorkspaceFixture, platform: string, handle: string, extra: Record<string, unknown> = {}) {
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("POST /v1/posts (publish now)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("publishes text to Bluesky and X, charges one credit per published target, records post.published", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "poster.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const x = await connect(ws, "twitter", "poster-x");
    const before = (await ws.get("/v1/me/limits")).body.credits.total;
    const response = await ws.post("/v1/posts", { text: "Hello from Chorus #launch https://example.com", accounts: [bsky.id, x.id] });
    expect(response.status, response.text).toBe(201);
    const post = response.body;
    expect(post.state, JSON.stringify(post.targets)).toBe("published");
    expect(post.targets.map((tg) => [tg.platform, tg.state, tg.credits])).toEqual([
      ["bluesky", "published", 1],
      ["twitter", "published", 1],
    ]);
    for (const target of post.targets) expect(target.networkPostId).toBeTruthy();
    const after = (await ws.get("/v1/me/limits")).body.credits.total;
    expect(before - after).toBe(2);
    const recorded = (await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).filter((e) => e.type.startsWith("post."));
    expect(recorded.map((e) => e.type)).toEqual(["post.published"]);
    expect((recorded[0]?.data as { id: string }).id).toBe(post.id);
    const read = (await ws.get(`/v1/posts/${post.id}`)).body;
    expect(read.state).toBe("published");
    const list = (await ws.get("/v1/posts?state=published")).body;
    expect(list.items.map((p) => p.id)).toEqual([post.id]);
  });

  it("refuses a target that fails a pre-publish check on its own, sends the rest, and charges only what published", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "long.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const x = await connect(ws, "twitter", "long-x");
    const response = await ws.post("/v1/posts", { text: "y".repeat(290), accounts: [bsky.id, x.id] });
    expect(response.status).toBe(201);
    const post = response.body;
    expect(post.state).toBe("partial");
    const twitter = post.targets.find((tg) => tg.platform === "twitter");
    expect(twitter).toMatchObject({ state: "failed", credits: 0, error: { code: "text_too_long" } });
    expect(post.targets.find((tg) => tg.platform === "bluesky")).toMatchObject({ state: "published", credits: 1 });
  });

  it("answers request-level problems with an error status and stores nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    expect((await ws.post("/v1/posts", { text: "" })).error).toMatchObject({ code: "text_required", param: "text" });
    expect((await ws.post("/v1/posts", { text: "hi" })).error).toMatchObject({ code: "no_target" });
    expect((await ws.post("/v1/posts", { text: "hi", accounts: ["acc_nope"] })).error).toMatchObject({ code: "account_unknown", param: "accounts[0]" });
    const x = await connect(ws, "twitter", "filter-x");
    expect((await ws.post("/v1/posts", { text: "hi", accounts: [x.id], platforms: ["bluesky"] })).error).toMatchObject({ code: "no_matching_accounts" });
    expect((await ws.post("/v1/posts", { text: "hi", accounts: [x.id], timezone: "Europe/Berlin" })).error).toMatchObject({ code: "timezone_without_schedule" });
    expect((await ws.post("/v1/posts", { text: "hi", accounts: [x.id], scheduledAt: "2020-01-01T00:00:00Z" })).error).toMatchObject({ code: "schedule_in_past" });
    expect((await ws.post("/v1/posts", { text: "hi", accounts: [x.id], scheduledAt: "2030-01-01T00:00:00", timezone: "EST" })).error).toMatchObject({ code: "timezone_invalid" });
    expect((await ws.post("/v1/posts", { text: "hi", accounts: [x.id], media: ["med_unknown1"] })).error).toMatchObject({ code: "media_unknown" });
    const list = (await ws.get("/v1/posts")).body;
    expect(list.items).toHaveLength(0);
  });

  it("is 402 before anything is sent when credits run out or the network is blocked", async () => {
    const free = await testWorkspace(t, { plan: "free" });
    await t.db
      .update(workspaces)
      .set({ blockedPlatforms: ["twitter"] })
      .where(eq(workspaces.id, free.id));
    const x = await connect(free, "twitter", "free-x");
    const excluded = await free.post("/v1/posts", { text: "hi", accounts: [x.id] });
    expect(excluded.status).toBe(402);
    expect(excluded.error).toMatchObject({ type: "entitlement_exceeded", code: "entitlement_exceeded", platform: "twitter" });
    const broke = await testWorkspace(t, { plan: "subscription" });
    await t.db.update(workspaces).set({ testCreditsMonthly: 0, testCreditsPack: 0 }).where(eq(workspaces.id, broke.id));
    const bsky = await connect(broke, "bluesky", "broke.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const refused = await broke.post("/v1/posts", { text: "hi", accounts: [bsky.id] });
    expect(refused.status).toBe(402);
    expect((await broke.get("/v1/posts")).body.items).toHaveLength(0);
  });

  it("validates without publishing or charging", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await connect(ws, "twitter", "validate-x");
    const yt = await connect(ws, "youtube", "validate-yt");
    const response = await ws.post("/v1/posts/validate", { text: "z".repeat(300), accounts: [x.id, yt.id] });
    expect(response.status).toBe(200);
    const report = response.body;
    expect(report.valid).toBe(false);
    expect(report.targets.find((tg) => tg.platform === "twitter")?.errors.map((e) => e.code)).toContain("text_too_long");
    expect(report.targets.find((tg) => tg.platform === "youtube")?.errors.map((e) => e.code)).toContain("media_required");
    expect((await ws.get("/v1/posts")).body.items).toHaveLength(0);
  });

  it("warns about an image without alt text with alt_text_missing, and still finds the post valid", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "no-alt.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const uploaded = await ws.post("/v1/media", undefined, { raw: jpeg(800, 600), headers: { "content-type": "image/jpeg" } });
    const media = uploaded.body.id;
    const response = await ws.post("/v1/posts/validate", { text: "a picture", media: [media], accounts: [bsky.id] });
    const report = response.body;
    expect(report.valid).toBe(true);
    expect(report.targets[0]?.warnings).toMatchObject([{ code: "alt_text_missing", param: "mediaAlt", fix: expect.stringContaining("mediaAlt") }]);
  });
});

describeOnEachDatabase("POST /v1/posts with one Idempotency-Key at once", (app) => {
  it("never publishes twice for a repeated Idempotency-Key", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "once.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const init = { method: "POST", json: { text: "exactly once", accounts: [bsky.id] }, headers: { "idempotency-key": "post-1" } };
    const responses = await Promise.all([ws.request("/v1/posts", init), ws.request("/v1/posts", init), ws.request("/v1/posts", init)]);
    const executed = responses.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
    expect(executed).toHaveLength(1);
    const list = (await ws.get("/v1/posts")).body;
    expect(list.items).toHaveLength(1);
  });
});
