import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, media, sandboxRecords, socialAccounts } from "../../src/db/schema/index.js";
import { handleJob } from "../../src/jobs/handle-job.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

async function connect(ws: WorkspaceFixture, platform: string, handle: string, extra: Record<string, unknown> = {}) {
  return (await ws.post("/v1/social-accounts/connect", { platform, handle, ...extra })).body;
}

/** Bluesky posts the simulator holds for this handle's repo. */
async function postsOnSimulator(t: TestApp, text: string) {
  const rows = await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"));
  return rows.filter((r) => JSON.stringify(r.data).includes(text) && r.kind.includes("record"));
}

describe("scheduled posts (Node job table)", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  beforeAll(async () => {
    t = await createTestApp();
    runtime = t.jobRuntime();
  });

  it("queues the post, fires it once when due, and a second delivery publishes nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "sched.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const created = await ws.post("/v1/posts", { text: "scheduled hello", accounts: [bsky.id], scheduledAt: at });
    expect(created.status).toBe(201);
    const post = created.body;
    expect(post).toMatchObject({ state: "scheduled", scheduledAt: at, targets: [{ state: "pending" }] });

    expect(await runDueJobs(runtime)).toBe(0);
    t.clock.advance(61_000);
    expect(await runDueJobs(runtime)).toBe(1);
    const fired = (await ws.get(`/v1/posts/${post.id}`)).body;
    expect(fired).toMatchObject({ state: "published", targets: [{ state: "published", credits: 1 }] });

    // The same job delivered again (a QStash retry, a second poller) finds nothing to claim.
    await handleJob(runtime, { kind: "publish_scheduled", workspaceId: ws.id, mode: "test", payload: { postId: post.id, version: 0 } });
    expect(await runDueJobs(runtime)).toBe(0);
    expect(await postsOnSimulator(t, "scheduled hello")).toHaveLength(1);
    const published = (await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).filter((e) => e.type === "post.published");
    expect(published).toHaveLength(1);
  });

  it("stores the re-check's own code, message and fix when the account needs reconnecting at send time", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "lapsed.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "lapsed before it fired", accounts: [bsky.id], scheduledAt: at })).body;
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, bsky.id));
    t.clock.advance(61_000);
    await runDueJobs(runtime);
    const fired = (await ws.get(`/v1/posts/${post.id}`)).body;
    expect(fired).toMatchObject({ state: "failed", targets: [{ state: "failed", credits: 0 }] });
    expect(fired.targets[0]?.error).toMatchObject({ code: "needs_reauth", param: "accounts", platform: "bluesky", retryable: false });
    expect(fired.targets[0]?.error?.message).toContain("expired");
    expect(fired.targets[0]?.error?.fix).toContain("connect-link");
    expect(await postsOnSimulator(t, "lapsed before it fired")).toHaveLength(0);
  });

  it("stores media_unknown, not platform_rejected, when the post's media was deleted before it fired", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "media-gone.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const photo = (await ws.post("/v1/media", undefined, { raw: jpeg(800, 800), headers: { "content-type": "image/jpeg" } })).body;
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "its photo went away", accounts: [bsky.id], media: [photo.id], scheduledAt: at })).body;
    // The API refuses to delete a file a scheduled post needs; the file can still vanish (storage lost, an operator's purge).
    const refused = await ws.delete(`/v1/media/${photo.id}`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('"code":"media_in_use"');
    await t.db.delete(media).where(eq(media.id, photo.id));
    t.clock.advance(61_000);
    await runDueJobs(runtime);
    const fired = (await ws.get(`/v1/posts/${post.id}`)).body;
    expect(fired).toMatchObject({ state: "failed", targets: [{ state: "failed", error: { code: "media_unknown", param: "media[0]", platform: "bluesky" } }] });
    expect(fired.targets[0]?.error?.fix).toContain("POST /v1/media");
  });

  it("moves a scheduled post: the old delivery is a no-op and the new time fires; options merge per network", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "move.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const first = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "moved post", accounts: [bsky.id], scheduledAt: first, platformOptions: { bluesky: { langs: ["en"] } } })).body;
    const later = new Date(t.clock.now().getTime() + 600_000).toISOString();
    const moved = await ws.patch(`/v1/posts/${post.id}`, { scheduledAt: later, text: "moved post, edited" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ state: "scheduled", scheduledAt: later, text: "moved post, edited", platformOptions: { bluesky: { langs: ["en"] } } });
    t.clock.advance(61_000);
    await runDueJobs(runtime);
    expect((await ws.get(`/v1/posts/${post.id}`)).body.state).toBe("scheduled");
    t.clock.advance(600_000);
    await runDueJobs(runtime);
    expect((await ws.get(`/v1/posts/${post.id}`)).body.state).toBe("published");
    expect(await postsOnSimulator(t, "moved post, edited")).toHaveLength(1);
    // Published on Bluesky, which has no edit: the edit is refused for that target and the text stays.
    const again = await ws.patch(`/v1/posts/${post.id}`, { text: "too late" });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ text: "moved post, edited", edit: { targets: [{ platform: "bluesky", state: "failed", error: { code: "edit_unsupported" } }] } });
  });

  it("cancels a scheduled post, after which a late delivery publishes nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "cancel.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "cancelled post", accounts: [bsky.id], scheduledAt: at })).body;
    expect((await ws.delete(`/v1/posts/${post.id}`)).body).toEqual({ id: post.id, cancelled: true, deleted: false });
    t.clock.advance(61_000);
    await runDueJobs(runtime);
    await handleJob(runtime, { kind: "publish_scheduled", workspaceId: ws.id, mode: "test", payload: { postId: post.id, version: 0 } });
    expect((await ws.get(`/v1/posts/${post.id}`)).body.state).toBe("cancelled");
    expect(await postsOnSimulator(t, "cancelled post")).toHaveLength(0);
    expect((await ws.delete(`/v1/posts/${post.id}`)).status).toBe(409);
  });

  it("saves, edits and publishes a draft; deleting a draft removes it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "draft.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const draft = (await ws.post("/v1/posts", { text: "draft v1", accounts: [bsky.id], draft: true })).body;
    expect(draft.state).toBe("draft");
    expect(await postsOnSimulator(t, "draft v1")).toHaveLength(0);
    await ws.patch(`/v1/posts/${draft.id}`, { text: "draft v2" });
    const published = await ws.post(`/v1/posts/${draft.id}/publish`);
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({ state: "published", text: "draft v2" });
    expect((await ws.post(`/v1/posts/${draft.id}/publish`)).status).toBe(409);
    const other = (await ws.post("/v1/posts", { text: "to delete", accounts: [bsky.id], draft: true })).body;
    expect((await ws.delete(`/v1/posts/${other.id}`)).body).toMatchObject({ deleted: true });
    expect((await ws.get(`/v1/posts/${other.id}`)).status).toBe(404);
  });
});

describeOnEachDatabase("scheduled posts whose deliveries race", (app) => {
  it("publishes once when two deliveries arrive at the same time", async () => {
    const t = app();
    const runtime = t.jobRuntime();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "race.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const at = new Date(t.clock.now().getTime() + 30_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "raced post", accounts: [bsky.id], scheduledAt: at })).body;
    t.clock.advance(31_000);
    const delivery = { kind: "publish_scheduled" as const, workspaceId: ws.id, mode: "test" as const, payload: { postId: post.id, version: 0 } };
    const creditsLeft = async () => (await ws.get("/v1/me/limits")).body.credits.total;
    const before = await creditsLeft();
    await Promise.all([handleJob(runtime, delivery), handleJob(runtime, delivery)]);
    expect(await postsOnSimulator(t, "raced post")).toHaveLength(1);
    // Only the delivery that claimed the post reserves its credit.
    expect(await creditsLeft()).toBe(before - 1);
  });
});
