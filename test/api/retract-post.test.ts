import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, postTargets, posts, sandboxRecords } from "../../src/db/schema/index.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import type { Schemas } from "../support/api-types.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { platformIds } from "../../src/networks/registry.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const connect = async (ws: WorkspaceFixture, platform: PlatformId, handle: string) => (await ws.connect(platform, { handle })).id;

const byPlatform = (answer: Schemas["RetractResult"]) => Object.fromEntries(answer.targets.map((t) => [t.platform, t]));

/** Publishes and runs due jobs until the post has settled. */
const publishSettled = async (ws: WorkspaceFixture, json: Record<string, unknown>) => ws.settle(await ws.publish(json));

describe("POST /v1/posts/{id}/retract", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  /** Post records the Bluesky simulator holds with this text. */
  const blueskyRecords = async (text: string) =>
    (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"))).filter((r) => r.kind === "record" && JSON.stringify(r.data).includes(text));

  const publish = publishSettled;

  it("deletes from every network that allows it and leaves the others published with delete_unsupported", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const accounts = [await connect(ws, "bluesky", "retract.test"), await connect(ws, "twitter", "retract-x"), await connect(ws, "instagram", "retract-ig")];
    const photo = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const post = await publish(ws, { text: "soon to be retracted", accounts, media: [photo.id] });
    expect(post.state).toBe("published");
    expect(await blueskyRecords("soon to be retracted")).toHaveLength(1);
    const credits = (await ws.get("/v1/me/limits")).body.credits.total;

    const response = await ws.post(`/v1/posts/${post.id}/retract`);
    expect(response.status, response.text).toBe(200);
    const answer = response.body;
    const results = byPlatform(answer);
    expect(results.bluesky).toMatchObject({ result: "retracted", error: null });
    expect(results.twitter).toMatchObject({ result: "retracted", error: null });
    expect(results.instagram).toMatchObject({ result: "unsupported", error: { code: "delete_unsupported", platform: "instagram", retryable: false } });
    expect(results.instagram?.error?.fix).toContain("Instagram app");
    expect(await blueskyRecords("soon to be retracted")).toHaveLength(0);
    // Instagram still shows it, so the post is not retracted as a whole.
    expect(answer.post.state).toBe("published");
    expect(Object.fromEntries(answer.post.targets.map((target) => [target.platform, target.state]))).toEqual({ bluesky: "retracted", instagram: "published", twitter: "retracted" });
    expect(answer.post.targets.every((target) => target.credits === 1)).toBe(true);
    expect((await ws.get("/v1/me/limits")).body.credits.total).toBe(credits);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
    expect(audit.filter((a) => a.type === "post.retracted").map((a) => a.details)).toEqual([{ postId: post.id, state: "published", retracted: 2, unsupported: 1, failed: 0 }]);
  });

  it("retracts from all ten networks at once: eight delete, TikTok and Instagram answer delete_unsupported", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const accounts: Record<string, string> = {};
    for (const platform of platformIds) accounts[platform] = await connect(ws, platform, platform === "bluesky" ? "retract-ten.test" : `retract-ten-${platform}`);
    const upload = async (bytes: Uint8Array<ArrayBuffer>, type: string) => (await ws.upload(bytes, type)).id;
    const firstTarget = async (platform: string) => (await ws.get(`/v1/social-accounts/${accounts[platform] ?? ""}/targets`)).body.items[0]?.id;
    const post = await publish(ws, {
      text: "ten networks, then none",
      accounts: Object.values(accounts),
      media: [await upload(jpeg(1080, 1080), "image/jpeg")],
      mediaOverrides: { tiktok: [await upload(jpeg(1080, 1920), "image/jpeg")], youtube: [await upload(mp4(1920, 1080, { duration: 20_000 }), "video/mp4")] },
      platformOptions: {
        facebook: { pageId: await firstTarget("facebook") },
        pinterest: { boardId: await firstTarget("pinterest"), title: "Ten" },
        googlebusiness: { location: await firstTarget("googlebusiness") },
        youtube: { title: "Ten", privacyStatus: "public" },
        tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: "Ten" },
      },
    });
    expect(post.state, JSON.stringify(post.targets)).toBe("published");
    const answer = (await ws.post(`/v1/posts/${post.id}/retract`)).body;
    const results = Object.fromEntries(answer.targets.map((target) => [target.platform, target.error ? `${target.result}:${target.error.code}` : target.result]));
    expect(results).toEqual({
      bluesky: "retracted",
      facebook: "retracted",
      googlebusiness: "retracted",
      instagram: "unsupported:delete_unsupported",
      linkedin: "retracted",
      pinterest: "retracted",
      threads: "retracted",
      tiktok: "unsupported:delete_unsupported",
      twitter: "retracted",
      youtube: "retracted",
    });
    expect(answer.post.state).toBe("published");
  });

  it("turns the post retracted when every published target is gone, keeping a failed target failed", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "retract-all.test");
    const linkedin = await connect(ws, "linkedin", "retract-all-li");
    const x = await connect(ws, "twitter", "retract-all-x");
    await ws.put(`/v1/sandbox/social-accounts/${x}/fault`, { fault: "revoked_permission" });
    const post = await publish(ws, { text: "gone from everywhere", accounts: [bsky, linkedin, x] });
    expect(post.state).toBe("partial");
    const answer = (await ws.post(`/v1/posts/${post.id}/retract`)).body;
    expect(byPlatform(answer)).toMatchObject({ bluesky: { result: "retracted" }, linkedin: { result: "retracted" }, twitter: { result: "not_published", error: null } });
    expect(answer.post.state).toBe("retracted");
    expect((await ws.get("/v1/posts?state=retracted")).body).toMatchObject({ items: [{ id: post.id }] });
    const again = await ws.post(`/v1/posts/${post.id}/retract`);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ type: "conflict", code: "post_state_invalid" });
  });

  it("reports a network failure per target as retryable, keeps that target published, and a second retract finishes it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "retract-down.test");
    const x = await connect(ws, "twitter", "retract-down-x");
    const post = await publish(ws, { text: "the network is down when we retract", accounts: [bsky, x] });
    await ws.put(`/v1/sandbox/social-accounts/${x}/fault`, { fault: "down" });
    const first = (await ws.post(`/v1/posts/${post.id}/retract`)).body;
    expect(byPlatform(first)).toMatchObject({ bluesky: { result: "retracted" }, twitter: { result: "failed", error: { code: "micro_unavailable", retryable: true, platform: "twitter" } } });
    expect(first.post.state).toBe("published");
    await ws.put(`/v1/sandbox/social-accounts/${x}/fault`, { fault: null });
    const second = (await ws.post(`/v1/posts/${post.id}/retract`)).body;
    expect(byPlatform(second)).toMatchObject({ bluesky: { result: "retracted" }, twitter: { result: "retracted" } });
    expect(second.post.state).toBe("retracted");
  });

  it("honours Idempotency-Key: a repeat answers the stored result and deletes nothing again", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "retract-key.test");
    const post = await publish(ws, { text: "retracted once", accounts: [bsky] });
    const headers = { "idempotency-key": "retract-once" };
    const first = await ws.post(`/v1/posts/${post.id}/retract`, undefined, { headers });
    const replay = await ws.post(`/v1/posts/${post.id}/retract`, undefined, { headers });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
    expect(audit.filter((a) => a.type === "post.retracted")).toHaveLength(1);
  });

  it("refuses drafts, scheduled, failed and cancelled posts with 409 post_state_invalid and changes nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "retract-states.test");
    const draft = (await ws.post("/v1/posts", { text: "a draft", accounts: [bsky], draft: true })).body;
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = (await ws.post("/v1/posts", { text: "later", accounts: [bsky], scheduledAt: at })).body;
    const cancelled = (await ws.post("/v1/posts", { text: "never", accounts: [bsky], scheduledAt: at })).body;
    await ws.delete(`/v1/posts/${cancelled.id}`);
    await ws.put(`/v1/sandbox/social-accounts/${bsky}/fault`, { fault: "revoked_permission" });
    const failed = await publish(ws, { text: "refused by the network", accounts: [bsky] });
    expect(failed.state).toBe("failed");
    for (const [post, state] of [
      [draft, "draft"],
      [scheduled, "scheduled"],
      [failed, "failed"],
      [cancelled, "cancelled"],
    ] as const) {
      const response = await ws.post(`/v1/posts/${post.id}/retract`);
      expect(response.status, state).toBe(409);
      expect(response.error).toMatchObject({ type: "conflict", code: "post_state_invalid" });
      const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
      expect(row?.state).toBe(state);
    }
  });

  it("answers 404 for another workspace's post and touches nothing", async () => {
    const owner = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(owner, "bluesky", "retract-owner.test");
    const post = await publish(owner, { text: "mine, not yours", accounts: [bsky] });
    const stranger = await owner.otherWorkspace();
    const response = await stranger.post(`/v1/posts/${post.id}/retract`);
    expect(response.status).toBe(404);
    expect(response.error).toMatchObject({ type: "not_found", code: "resource_not_found", param: "id" });
    const targets = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(targets.map((target) => target.state)).toEqual(["published"]);
  });
});

describeOnEachDatabase("retracts racing each other", (app) => {
  it("answers retracted to two retracts racing each other, whichever reached the network first", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const accounts = [await connect(ws, "twitter", "retract-race-x"), await connect(ws, "linkedin", "retract-race-li"), await connect(ws, "threads", "retract-race-th")];
    const post = await publishSettled(ws, { text: "retracted twice at once", accounts });
    const answers = await Promise.all([0, 1].map(async () => (await ws.post(`/v1/posts/${post.id}/retract`)).body));
    for (const answer of answers) expect(answer.targets.map((target) => `${target.platform}:${target.result}`)).toEqual(["linkedin:retracted", "threads:retracted", "twitter:retracted"]);
    expect((await ws.get(`/v1/posts/${post.id}`)).body.state).toBe("retracted");
  });
});
