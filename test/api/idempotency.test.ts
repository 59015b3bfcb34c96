import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyRecords, postTargets, posts, profiles, workspaces } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { sweepStuckTargets } from "../../src/domain/publishing/posts/sweep-stuck-targets.js";
import { createApiKey } from "../../src/domain/keys/create-api-key.js";
import { canonicalJson, sha256Hex } from "../../src/infra/crypto.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

describe("Idempotency-Key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  const countProfiles = async (workspaceId: string, username: string) =>
    (await t.db.select().from(profiles).where(and(eq(profiles.workspaceId, workspaceId), eq(profiles.username, username)))).length;

  it("replays the stored status and body with Idempotent-Replayed and does nothing again", async () => {
    const ws = await t.workspace();
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
    const ws = await t.workspace();
    await ws.request("/v1/email-preferences", { method: "PATCH", json: { weeklyDigest: true, creditsLow: false }, headers: { "idempotency-key": "prefs" } });
    const again = await ws.request("/v1/email-preferences", { method: "PATCH", body: '{"creditsLow":false,"weeklyDigest":true}', headers: { "idempotency-key": "prefs", "content-type": "application/json" } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses the same key with a different body (422) and writes nothing", async () => {
    const ws = await t.workspace();
    await ws.request("/v1/profiles", { method: "POST", json: { username: "first" }, headers: { "idempotency-key": "k-2" } });
    const reused = await ws.request("/v1/profiles", { method: "POST", json: { username: "second" }, headers: { "idempotency-key": "k-2" } });
    expect(reused.status).toBe(422);
    expect(await errorOf(reused)).toMatchObject({ code: "idempotency_key_reused", param: "Idempotency-Key", retryable: false });
    expect(await countProfiles(ws.id, "second")).toBe(0);
  });

  it("does not store a request refused by validation, so the corrected retry runs", async () => {
    const ws = await t.workspace();
    const bad = await ws.request("/v1/profiles", { method: "POST", json: { username: "Bad Name" }, headers: { "idempotency-key": "fixme" } });
    expect(bad.status).toBe(400);
    const good = await ws.request("/v1/profiles", { method: "POST", json: { username: "good-name" }, headers: { "idempotency-key": "fixme" } });
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
  });

  it("stores and replays a business error that happened while running", async () => {
    const ws = await t.workspace();
    await ws.request("/v1/profiles", { method: "POST", json: { username: "taken" } });
    const first = await ws.request("/v1/profiles", { method: "POST", json: { username: "taken" }, headers: { "idempotency-key": "conflict" } });
    expect(first.status).toBe(409);
    const replay = await ws.request("/v1/profiles", { method: "POST", json: { username: "taken" }, headers: { "idempotency-key": "conflict" } });
    expect(replay.status).toBe(409);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("keeps keys per workspace", async () => {
    const a = await t.workspace();
    const b = await t.workspace();
    const headers = { "idempotency-key": "shared-key" };
    expect((await a.request("/v1/profiles", { method: "POST", json: { username: "same" }, headers })).status).toBe(201);
    const other = await b.request("/v1/profiles", { method: "POST", json: { username: "same" }, headers });
    expect(other.status).toBe(201);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await countProfiles(b.id, "same")).toBe(1);
  });

  it("keeps keys per API key: a live key never replays a test key's answer in the same workspace", async () => {
    const ws = await t.workspace();
    const live = await createApiKey(t.db, { workspaceId: ws.id, mode: "live", name: "live", actor: "operator", at: t.clock.now() });
    const headers = { "idempotency-key": "same-in-both-modes" };
    expect((await ws.request("/v1/profiles", { method: "POST", json: { username: "per-key" }, headers })).status).toBe(201);
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
    const ws = await t.workspace();
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
    expect((await ws.request("/v1/profiles", { method: "POST", json: { username: "orphan" }, headers })).status).toBe(409);
    t.clock.advance(6 * 60_000);
    const retried = await ws.request("/v1/profiles", { method: "POST", json: { username: "orphan" }, headers });
    expect(retried.status).toBe(201);
    expect(await countProfiles(ws.id, "orphan")).toBe(1);
  });

  describe("a request that stored its post and died", () => {
    const connectBluesky = async (ws: TestWorkspace, handle: string) =>
      ((await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" } })).json()) as { id: string }).id;
    const credits = async (workspaceId: string) => {
      const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
      return (row?.creditsMonthly ?? 0) + (row?.creditsPack ?? 0);
    };
    /** What the database holds after a crash mid-publish: the claim still `running`, the target sent and unanswered. */
    const crashMidPublish = async (ws: TestWorkspace, key: string, postId: string) => {
      await t.db
        .update(idempotencyRecords)
        .set({ state: "running", responseBody: null, responseHeaders: null, createdAt: t.clock.now() })
        .where(and(eq(idempotencyRecords.workspaceId, ws.id), eq(idempotencyRecords.key, `${ws.keyId}:${key}`)));
      await t.db.update(postTargets).set({ state: "publishing", attemptStartedAt: t.clock.now() }).where(eq(postTargets.postId, postId));
    };

    it("never runs again past the lease: 409 until the stored post settles, then that post", async () => {
      const ws = await t.workspace({ plan: "subscription" });
      const account = await connectBluesky(ws, "crash-retry.test");
      const body = { text: "published once, whatever happens", accounts: [account] };
      const headers = { "idempotency-key": "crash-1" };
      const first = (await (await ws.request("/v1/posts", { method: "POST", json: body, headers })).json()) as { id: string };
      const spent = await credits(ws.id);
      await crashMidPublish(ws, "crash-1", first.id);

      t.clock.advance(6 * 60_000);
      const settling = await ws.request("/v1/posts", { method: "POST", json: body, headers });
      expect(settling.status).toBe(409);
      expect(await errorOf(settling)).toMatchObject({ code: "idempotency_in_progress", param: "Idempotency-Key", retryable: true });

      // The stuck-target sweep asks the network, which has the post: published, not sent again.
      const runtime: JobRuntime = t.jobRuntime();
      expect(await sweepStuckTargets(runtime)).toBe(1);
      await runDueJobs(runtime);
      const answered = await ws.request("/v1/posts", { method: "POST", json: body, headers });
      expect(answered.status).toBe(201);
      expect(answered.headers.get("idempotent-replayed")).toBe("true");
      expect(await answered.json()).toMatchObject({ id: first.id, state: "published", targets: [{ state: "published", credits: 1 }] });
      expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(1);
      expect(await credits(ws.id)).toBe(spent);
      // From now on it is an ordinary stored answer.
      const again = await ws.request("/v1/posts", { method: "POST", json: body, headers });
      expect(((await again.json()) as { id: string }).id).toBe(first.id);
    });

    it("treats POST /v1/posts/{id}/publish of a draft the same way, answering 200 with the post", async () => {
      const ws = await t.workspace({ plan: "subscription" });
      const account = await connectBluesky(ws, "draft-crash.test");
      const draft = (await (await ws.request("/v1/posts", { method: "POST", json: { text: "a draft sent once", accounts: [account], draft: true } })).json()) as { id: string };
      const headers = { "idempotency-key": "publish-draft" };
      const first = await ws.request(`/v1/posts/${draft.id}/publish`, { method: "POST", headers });
      expect(first.status).toBe(200);
      const spent = await credits(ws.id);
      await crashMidPublish(ws, "publish-draft", draft.id);
      t.clock.advance(6 * 60_000);
      expect((await ws.request(`/v1/posts/${draft.id}/publish`, { method: "POST", headers })).status).toBe(409);
      const runtime: JobRuntime = t.jobRuntime();
      await sweepStuckTargets(runtime);
      await runDueJobs(runtime);
      const answered = await ws.request(`/v1/posts/${draft.id}/publish`, { method: "POST", headers });
      expect(answered.status).toBe(200);
      expect(await answered.json()).toMatchObject({ id: draft.id, state: "published" });
      expect(await credits(ws.id)).toBe(spent);
    });

    it("answers from the post at once when the request failed after storing it", async () => {
      const ws = await t.workspace({ plan: "subscription" });
      const account = await connectBluesky(ws, "failed-after.test");
      const body = { text: "stored, then the request failed", accounts: [account] };
      const headers = { "idempotency-key": "after-commit" };
      const first = (await (await ws.request("/v1/posts", { method: "POST", json: body, headers })).json()) as { id: string };
      // As `releaseIdempotentRequest` leaves it when the handler throws after the commit.
      await t.db
        .update(idempotencyRecords)
        .set({ state: "running", responseBody: null, createdAt: new Date(0) })
        .where(eq(idempotencyRecords.key, `${ws.keyId}:after-commit`));
      const retried = await ws.request("/v1/posts", { method: "POST", json: body, headers });
      expect(retried.status).toBe(201);
      expect(((await retried.json()) as { id: string }).id).toBe(first.id);
      expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(1);
    });

    it("sends targets a dead request stored but never sent, through the sweep, then answers with the post", async () => {
      const ws = await t.workspace({ plan: "subscription" });
      const account = await connectBluesky(ws, "never-sent.test");
      const body = { text: "stored but never sent", accounts: [account] };
      const headers = { "idempotency-key": "unsent" };
      const first = (await (await ws.request("/v1/posts", { method: "POST", json: body, headers })).json()) as { id: string };
      const spent = await credits(ws.id);
      await crashMidPublish(ws, "unsent", first.id);
      // Died between storing the post and claiming the target: nothing reached the network.
      await t.db.update(postTargets).set({ state: "pending", attemptStartedAt: null, networkPostId: null, url: null }).where(eq(postTargets.postId, first.id));
      await t.db.update(posts).set({ state: "processing" }).where(eq(posts.id, first.id));
      t.clock.advance(6 * 60_000);
      expect((await ws.request("/v1/posts", { method: "POST", json: body, headers })).status).toBe(409);
      const runtime: JobRuntime = t.jobRuntime();
      expect(await sweepStuckTargets(runtime)).toBe(1);
      await runDueJobs(runtime);
      const answered = await ws.request("/v1/posts", { method: "POST", json: body, headers });
      expect(answered.status).toBe(201);
      expect(await answered.json()).toMatchObject({ id: first.id, state: "published", targets: [{ state: "published", credits: 1 }] });
      expect(await credits(ws.id)).toBe(spent);
    });
  });

  it("forgets a key after 24 hours", async () => {
    const ws = await t.workspace();
    const headers = { "idempotency-key": "daily" };
    await ws.request("/v1/profiles", { method: "POST", json: { username: "day-one" }, headers });
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const later = await ws.request("/v1/profiles", { method: "POST", json: { username: "day-two" }, headers });
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
  });

  it.each(["", "x".repeat(256), "tab\there", "ünïcode"])("refuses the malformed key %j", async (key) => {
    const ws = await t.workspace();
    const response = await ws.request("/v1/profiles", { method: "POST", json: { username: "k" }, headers: { "idempotency-key": key } });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "idempotency_key_invalid", param: "Idempotency-Key" });
    expect(await countProfiles(ws.id, "k")).toBe(0);
  });
});

describeOnEachDatabase("Idempotency-Key under parallel requests", (app) => {
  it("runs ten parallel identical requests once; the others are refused while it runs or replayed", async () => {
    const t = app();
    const ws = await t.workspace();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => ws.request("/v1/profiles", { method: "POST", json: { username: "parallel" }, headers: { "idempotency-key": "burst" } })),
    );
    const statuses = responses.map((r) => r.status);
    const created = responses.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
    expect(created).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 409) {
        expect(await errorOf(response)).toMatchObject({ code: "idempotency_in_progress", retryable: true });
        expect(response.headers.get("retry-after")).toBe("1");
      } else {
        expect(response.status, String(statuses)).toBe(201);
      }
    }
    expect(statuses).not.toContain(500);
    expect(await t.db.select().from(profiles).where(and(eq(profiles.workspaceId, ws.id), eq(profiles.username, "parallel")))).toHaveLength(1);
  });
});
