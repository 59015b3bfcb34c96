import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyRecords, postTargets, posts, profiles, workspaces } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { sweepStuckTargets } from "../../src/domain/publishing/posts/sweep-stuck-targets.js";
import { createApiKey } from "../../src/domain/keys/create-api-key.js";
import { canonicalJson, sha256Hex } from "../../src/infra/crypto.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

describe("Idempotency-Key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  const countProfiles = async (workspaceId: string, username: string) =>
    (
      await t.db
        .select()
        .from(profiles)
        .where(and(eq(profiles.workspaceId, workspaceId), eq(profiles.username, username)))
    ).length;

  it("replays the stored status and body with Idempotent-Replayed and does nothing again", async () => {
    const ws = await testWorkspace(t);
    const init = { method: "POST", json: { username: "once" }, headers: { "idempotency-key": "k-1" } };
    const first = await ws.request("/v1/profiles", init);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.text();
    const second = await ws.request("/v1/profiles", { ...init, json: { username: "once" } });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.text()).toBe(firstBody);
    expect(await countProfiles(ws.id, "once")).toBe(1);
  });

  it("treats key order in the body as the same request", async () => {
    const ws = await testWorkspace(t);
    await ws.patch("/v1/email-preferences", { weeklyDigest: true, creditsLow: false }, { headers: { "idempotency-key": "prefs" } });
    const again = await ws.patch("/v1/email-preferences", undefined, { raw: '{"creditsLow":false,"weeklyDigest":true}', headers: { "idempotency-key": "prefs", "content-type": "application/json" } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses the same key with a different body (422) and writes nothing", async () => {
    const ws = await testWorkspace(t);
    await ws.post("/v1/profiles", { username: "first" }, { headers: { "idempotency-key": "k-2" } });
    const reused = await ws.post("/v1/profiles", { username: "second" }, { headers: { "idempotency-key": "k-2" } });
    expect(reused.status).toBe(422);
    expect(reused.error).toMatchObject({ code: "idempotency_key_reused", param: "Idempotency-Key", retryable: false });
    expect(await countProfiles(ws.id, "second")).toBe(0);
  });

  it("does not store a request refused by validation, so the corrected retry runs", async () => {
    const ws = await testWorkspace(t);
    const bad = await ws.post("/v1/profiles", { username: "Bad Name" }, { headers: { "idempotency-key": "fixme" } });
    expect(bad.status).toBe(400);
    const good = await ws.post("/v1/profiles", { username: "good-name" }, { headers: { "idempotency-key": "fixme" } });
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
  });

  it("stores and replays a business error that happened while running", async () => {
    const ws = await testWorkspace(t);
    await ws.post("/v1/profiles", { username: "taken" });
    const first = await ws.post("/v1/profiles", { username: "taken" }, { headers: { "idempotency-key": "conflict" } });
    expect(first.status).toBe(409);
    const replay = await ws.post("/v1/profiles", { username: "taken" }, { headers: { "idempotency-key": "conflict" } });
    expect(replay.status).toBe(409);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("keeps keys per workspace", async () => {
    const a = await testWorkspace(t);
    const b = await testWorkspace(t);
    const headers = { "idempotency-key": "shared-key" };
    expect((await a.post("/v1/profiles", { username: "same" }, { headers })).status).toBe(201);
    const other = await b.post("/v1/profiles", { username: "same" }, { headers });
    expect(other.status).toBe(201);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await countProfiles(b.id, "same")).toBe(1);
  });

  it("keeps keys per API key: a live key never replays a test key's answer in the same workspace", async () => {
    const ws = await testWorkspace(t);
    const live = await createApiKey(t.db, { workspaceId: ws.id, mode: "live", name: "live", actor: "operator", at: t.clock.now() });
    const headers = { "idempotency-key": "same-in-both-modes" };
    expect((await ws.post("/v1/profiles", { username: "per-key" }, { headers })).status).toBe(201);
    const other = await t.app.request("http://chorus.test/v1/profiles", {
      method: "POST",
      body: JSON.stringify({ username: "per-key-live" }),
      headers: { ...headers, authorization: `Bearer ${live.key}`, "content-type": "application/json" },
    });
    expect(other.status).toBe(201);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await countProfiles(ws.id, "per-key-live")).toBe(1);
  });

  it("lets a retry take over a key whose first request died mid-run, after the lease", async () => {
    const ws = await testWorkspace(t);
    // A request that claimed the key and never finished (its process died): the record stays `running`.
    await t.db.insert(idempotencyRecords).values({
      workspaceId: ws.id,
      key: `${ws.keyId}:orphaned`,
      fingerprint: await sha256Hex(`POST /v1/profiles\n${canonicalJson({ username: "orphan" })}`),
      state: "running",
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 24 * 3600 * 1000),
    });
    const headers = { "idempotency-key": "orphaned" };
    expect((await ws.post("/v1/profiles", { username: "orphan" }, { headers })).status).toBe(409);
    t.clock.advance(6 * 60_000);
    const retried = await ws.post("/v1/profiles", { username: "orphan" }, { headers });
    expect(retried.status).toBe(201);
    expect(await countProfiles(ws.id, "orphan")).toBe(1);
  });

  describe("a request that stored its post and died", () => {
    const connectBluesky = async (ws: WorkspaceFixture, handle: string) => (await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" })).body.id;
    const credits = async (workspaceId: string) => {
      const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
      return (row?.creditsMonthly ?? 0) + (row?.creditsPack ?? 0);
    };
    /** What the database holds after a crash mid-publish: the claim still `running`, the target sent and unanswered. */
    const crashMidPublish = async (ws: WorkspaceFixture, key: string, postId: string) => {
      await t.db
        .update(idempotencyRecords)
        .set({ state: "running", responseBody: null, responseHeaders: null, createdAt: t.clock.now() })
        .where(and(eq(idempotencyRecords.workspaceId, ws.id), eq(idempotencyRecords.key, `${ws.keyId}:${key}`)));
      await t.db.update(postTargets).set({ state: "publishing", attemptStartedAt: t.clock.now() }).where(eq(postTargets.postId, postId));
    };

    it("never runs again past the lease: 409 until the stored post settles, then that post", async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      const account = await connectBluesky(ws, "crash-retry.test");
      const body = { text: "published once, whatever happens", accounts: [account] };
      const headers = { "idempotency-key": "crash-1" };
      const first = (await ws.post("/v1/posts", body, { headers })).body;
      const spent = await credits(ws.id);
      await crashMidPublish(ws, "crash-1", first.id);

      t.clock.advance(6 * 60_000);
      const settling = await ws.post("/v1/posts", body, { headers });
      expect(settling.status).toBe(409);
      expect(settling.error).toMatchObject({ code: "idempotency_in_progress", param: "Idempotency-Key", retryable: true });

      // The stuck-target sweep asks the network, which has the post: published, not sent again.
      const runtime: JobRuntime = t.jobRuntime();
      expect(await sweepStuckTargets(runtime)).toBe(1);
      await runDueJobs(runtime);
      const answered = await ws.post("/v1/posts", body, { headers });
      expect(answered.status).toBe(201);
      expect(answered.headers.get("idempotent-replayed")).toBe("true");
      expect(answered.body).toMatchObject({ id: first.id, state: "published", targets: [{ state: "published", credits: 1 }] });
      expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(1);
      expect(await credits(ws.id)).toBe(spent);
      // From now on it is an ordinary stored answer.
      const again = await ws.post("/v1/posts", body, { headers });
      expect(again.body.id).toBe(first.id);
    });

    it("treats POST /v1/posts/{id}/publish of a draft the same way, answering 200 with the post", async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      const account = await connectBluesky(ws, "draft-crash.test");
      const draft = (await ws.post("/v1/posts", { text: "a draft sent once", accounts: [account], draft: true })).body;
      const headers = { "idempotency-key": "publish-draft" };
      const first = await ws.post(`/v1/posts/${draft.id}/publish`, undefined, { headers });
      expect(first.status).toBe(200);
      const spent = await credits(ws.id);
      await crashMidPublish(ws, "publish-draft", draft.id);
      t.clock.advance(6 * 60_000);
      expect((await ws.post(`/v1/posts/${draft.id}/publish`, undefined, { headers })).status).toBe(409);
      const runtime: JobRuntime = t.jobRuntime();
      await sweepStuckTargets(runtime);
      await runDueJobs(runtime);
      const answered = await ws.post(`/v1/posts/${draft.id}/publish`, undefined, { headers });
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({ id: draft.id, state: "published" });
      expect(await credits(ws.id)).toBe(spent);
    });

    it("answers from the post at once when the request failed after storing it", async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      const account = await connectBluesky(ws, "failed-after.test");
      const body = { text: "stored, then the request failed", accounts: [account] };
      const headers = { "idempotency-key": "after-commit" };
      const first = (await ws.post("/v1/posts", body, { headers })).body;
      // As `releaseIdempotentRequest` leaves it when the handler throws after the commit.
      await t.db
        .update(idempotencyRecords)
        .set({ state: "running", responseBody: null, createdAt: new Date(0) })
        .where(eq(idempotencyRecords.key, `${ws.keyId}:after-commit`));
      const retried = await ws.post("/v1/posts", body, { headers });
      expect(retried.status).toBe(201);
      expect(retried.body.id).toBe(first.id);
      expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(1);
    });

    it("sends targets a dead request stored but never sent, through the sweep, then answers with the post", async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      const account = await connectBluesky(ws, "never-sent.test");
      const body = { text: "stored but never sent", accounts: [account] };
      const headers = { "idempotency-key": "unsent" };
      const first = (await ws.post("/v1/posts", body, { headers })).body;
      const spent = await credits(ws.id);
      await crashMidPublish(ws, "unsent", first.id);
      // Died between storing the post and claiming the target: nothing reached the network.
      await t.db.update(postTargets).set({ state: "pending", attemptStartedAt: null, networkPostId: null, url: null }).where(eq(postTargets.postId, first.id));
      await t.db.update(posts).set({ state: "processing" }).where(eq(posts.id, first.id));
      t.clock.advance(6 * 60_000);
      expect((await ws.post("/v1/posts", body, { headers })).status).toBe(409);
      const runtime: JobRuntime = t.jobRuntime();
      expect(await sweepStuckTargets(runtime)).toBe(1);
      await runDueJobs(runtime);
      const answered = await ws.post("/v1/posts", body, { headers });
      expect(answered.status).toBe(201);
      expect(answered.body).toMatchObject({ id: first.id, state: "published", targets: [{ state: "published", credits: 1 }] });
      expect(await credits(ws.id)).toBe(spent);
    });
  });

  it("forgets a key after 24 hours", async () => {
    const ws = await testWorkspace(t);
    const headers = { "idempotency-key": "daily" };
    await ws.post("/v1/profiles", { username: "day-one" }, { headers });
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const later = await ws.post("/v1/profiles", { username: "day-two" }, { headers });
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
  });

  it.each(["", "x".repeat(256), "tab\there", "ünïcode"])("refuses the malformed key %j", async (key) => {
    const ws = await testWorkspace(t);
    const response = await ws.post("/v1/profiles", { username: "k" }, { headers: { "idempotency-key": key } });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: "idempotency_key_invalid", param: "Idempotency-Key" });
    expect(await countProfiles(ws.id, "k")).toBe(0);
  });
});

describeOnEachDatabase("Idempotency-Key under parallel requests", (app) => {
  it("runs ten parallel identical requests once; the others are refused while it runs or replayed", async () => {
    const t = app();
    const ws = await testWorkspace(t);
    const responses = await Promise.all(Array.from({ length: 10 }, () => ws.post("/v1/profiles", { username: "parallel" }, { headers: { "idempotency-key": "burst" } })));
    const statuses = responses.map((r) => r.status);
    const created = responses.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
    expect(created).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 409) {
        expect(response.error).toMatchObject({ code: "idempotency_in_progress", retryable: true });
        expect(response.headers.get("retry-after")).toBe("1");
      } else {
        expect(response.status, String(statuses)).toBe(201);
      }
    }
    expect(statuses).not.toContain(500);
    expect(
      await t.db
        .select()
        .from(profiles)
        .where(and(eq(profiles.workspaceId, ws.id), eq(profiles.username, "parallel"))),
    ).toHaveLength(1);
  });
});
