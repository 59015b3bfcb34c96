import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import { events, jobs, postTargets, posts, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../src/db/schema/index.js";
import { recordEvent, recordEventOnce } from "../../src/domain/events/record-event.js";
import { tableJobQueue } from "../../src/domain/core/jobs/job-queue.js";
import { recordProcessingOutcome } from "../../src/domain/publishing/posts/record-landed.js";
import { firstPollKey } from "../../src/domain/publishing/posts/record-processing.js";
import { outcomeRecorder } from "../../src/domain/publishing/posts/outcome-recorder.js";
import { batchedDeliveryStatements } from "../../src/domain/events/webhooks/delivery-batcher.js";
import { claimDeliveries, settleDelivered } from "../../src/domain/events/webhooks/delivery-statements.js";
import { deliveryJobKey } from "../../src/domain/events/webhooks/retry-schedule.js";
import { newId } from "../../src/infra/ids.js";
import { skipWithout } from "../support/required-service.js";
import { recordStatements } from "../support/count-statements.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { keyContext } from "../support/key-context.js";

/**
 * The write paths that gather several rows into one statement (issue 8 item 14, issue 10
 * "Speed"): each must write exactly what the statement-per-row path wrote, stay inside the
 * caller's workspace, and keep its conditions (in flight, next attempt, same claim).
 */
/** A sandbox Bluesky account connected in the workspace; its id. */
async function connectBluesky(w: WorkspaceFixture, handle: string): Promise<string> {
  const response = await w.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function endpoint(t: TestApp, workspaceId: string, options: { mode?: "test" | "live"; events?: string[] | null; enabled?: boolean } = {}): Promise<string> {
  const id = newId("whk");
  await t.db.insert(webhookEndpoints).values({
    id,
    workspaceId,
    mode: options.mode ?? "test",
    url: "http://127.0.0.1:9/hook",
    events: options.events === undefined ? null : options.events,
    enabled: options.enabled ?? true,
    secretEncrypted: "unused here",
  });
  return id;
}

describe("writes gathered into one statement", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("records an event, a delivery and a first job per subscribed endpoint in one statement, past the ids made ahead", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    // Ten subscribed endpoints: more than the eight ids the statement is given.
    const subscribed = [];
    for (let i = 0; i < 5; i++) subscribed.push(await endpoint(t, ws.id));
    for (let i = 0; i < 5; i++) subscribed.push(await endpoint(t, ws.id, { events: ["post.failed", "post.published"] }));
    const skipped = [
      await endpoint(t, ws.id, { events: ["account.connected"] }),
      await endpoint(t, ws.id, { enabled: false }),
      await endpoint(t, ws.id, { mode: "live" }),
      await endpoint(t, other.id),
    ];
    const recorder = recordStatements(t.db);
    const at = t.clock.now();
    const id = await t.db.transaction((tx) => recordEvent(tx, tableJobQueue, { workspaceId: ws.id, mode: "test", type: "post.published", data: { id: "post_1", n: 1 }, at }));
    recorder.stop();
    expect(recorder.statements.filter((s) => s !== "BEGIN" && s !== "COMMIT")).toHaveLength(1);

    const [stored] = await t.db.select().from(events).where(eq(events.id, id));
    expect(stored).toMatchObject({ workspaceId: ws.id, mode: "test", type: "post.published", data: { id: "post_1", n: 1 }, createdAt: at, sourceId: null });
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, id));
    expect(deliveries.map((d) => d.endpointId).sort()).toEqual([...subscribed].sort());
    for (const d of deliveries) {
      expect(d).toMatchObject({ workspaceId: ws.id, state: "pending", attempts: 0, nextAttemptAt: at, createdAt: at, inFlightSince: null });
      expect(d.id).toMatch(/^whd_[0-9A-Za-z]{20}$/);
    }
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(10);
    const queued = await t.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.dedupKey,
          deliveries.map((d) => deliveryJobKey(d.id, 1)),
        ),
      );
    expect(queued).toHaveLength(10);
    for (const job of queued) {
      const delivery = deliveries.find((d) => deliveryJobKey(d.id, 1) === job.dedupKey);
      expect(job).toMatchObject({ kind: "webhook_delivery", runAt: at, doneAt: null, lockedUntil: null, attempts: 0 });
      expect(job.payload).toEqual({ deliveryId: delivery?.id, attempt: 1, endpointId: delivery?.endpointId, workspaceId: ws.id, mode: "test" });
      expect(job.id).toMatch(/^job_[0-9A-Za-z]{20}$/);
    }
    const elsewhere = await t.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, skipped));
    expect(elsewhere).toHaveLength(0);
  });

  it("records a sourced event once, and with no endpoint queues nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const at = t.clock.now();
    const input = { workspaceId: ws.id, mode: "test" as const, type: "comment.received" as const, data: { id: "c.1" }, at, sourceId: "facebook:comment:c.1" };
    const first = await t.db.transaction((tx) => recordEventOnce(tx, tableJobQueue, input));
    expect(first).toMatch(/^evt_/);
    const hook = await endpoint(t, ws.id);
    const again = await t.db.transaction((tx) => recordEventOnce(tx, tableJobQueue, input));
    expect(again).toBeNull();
    expect(await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).toHaveLength(1);
    // The repeat created no delivery for the endpoint registered since.
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook))).toHaveLength(0);
  });

  it("claims several deliveries in one statement, each in its own workspace and only for its next attempt, and settles only what it holds", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    await endpoint(t, ws.id);
    await endpoint(t, ws.id);
    await endpoint(t, other.id);
    const at = t.clock.now();
    const mine = await t.db.transaction((tx) => recordEvent(tx, tableJobQueue, { workspaceId: ws.id, mode: "test", type: "post.failed", data: { id: "p" }, at }));
    const theirs = await t.db.transaction((tx) => recordEvent(tx, tableJobQueue, { workspaceId: other.id, mode: "test", type: "post.failed", data: { id: "q" }, at }));
    const [a, b] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, mine));
    const [foreign] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, theirs));
    if (!a || !b || !foreign) throw new Error("deliveries missing");

    // Another workspace's delivery named with this workspace is never claimed; attempt 2 is not next.
    const claimed = await claimDeliveries(
      t.db,
      [
        { deliveryId: a.id, workspaceId: ws.id, attempt: 1 },
        { deliveryId: b.id, workspaceId: ws.id, attempt: 2 },
        { deliveryId: foreign.id, workspaceId: ws.id, attempt: 1 },
      ],
      at,
    );
    expect([...claimed.keys()]).toEqual([a.id]);
    expect(claimed.get(a.id)).toMatchObject({ endpoint: { id: a.endpointId, mode: "test", enabled: true }, event: { id: mine, type: "post.failed", createdAt: at, data: { id: "p" } }, claimedAt: at });
    const [stillPending] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, foreign.id));
    expect(stillPending).toMatchObject({ attempts: 0, inFlightSince: null });

    // A success recorded with another claim time (a runner presumed dead and replaced) settles nothing.
    const base = { deliveryId: a.id, workspaceId: ws.id, endpointId: a.endpointId, eventId: mine, eventType: "post.failed", attempt: 1, status: 200, latencyMs: 3, excerpt: "ok" };
    await settleDelivered(t.db, [{ ...base, claimedAt: new Date(at.getTime() - 1) }], at);
    expect((await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, a.id)))[0]).toMatchObject({ state: "pending", attempts: 1, inFlightSince: at });
    await settleDelivered(t.db, [{ ...base, claimedAt: at }], at);
    expect((await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, a.id)))[0]).toMatchObject({ state: "delivered", deliveredAt: at, inFlightSince: null });
    expect(await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, a.id))).toEqual([
      expect.objectContaining({ workspaceId: ws.id, endpointId: a.endpointId, eventId: mine, attempt: 1, ok: true, status: 200, latencyMs: 3, responseExcerpt: "ok", createdAt: at }),
    ]);
    expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, a.endpointId)))[0]?.lastDeliveryAt).toEqual(at);
  });

  it("gathers the claims made together into one statement, and a repeated claim into a later one that finds the attempt taken", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    for (let i = 0; i < 3; i++) await endpoint(t, ws.id);
    const at = t.clock.now();
    const id = await t.db.transaction((tx) => recordEvent(tx, tableJobQueue, { workspaceId: ws.id, mode: "test", type: "post.published", data: {}, at }));
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, id));
    const statements = batchedDeliveryStatements(t.db, t.clock);
    const recorder = recordStatements(t.db);
    const first = deliveries[0];
    if (!first) throw new Error("no delivery");
    const results = await Promise.all([
      ...deliveries.map((d) => statements.claim({ deliveryId: d.id, workspaceId: ws.id, attempt: 1 })),
      statements.claim({ deliveryId: first.id, workspaceId: ws.id, attempt: 1 }),
    ]);
    recorder.stop();
    expect(recorder.statements).toHaveLength(2);
    expect(results.slice(0, 3).map((r) => r?.delivery.id)).toEqual(deliveries.map((d) => d.id));
    expect(results[3]).toBeNull();
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, id), eq(webhookDeliveries.attempts, 1)));
    expect(rows).toHaveLength(3);
  });

  it("records the published outcomes of a fan-out that land together in one statement, only for targets in flight in this workspace", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const other = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const accounts = [await connectBluesky(ws, "batch-1.test"), await connectBluesky(ws, "batch-2.test"), await connectBluesky(ws, "batch-3.test")];
    const published = await ws.post("/v1/posts", { text: "batched outcomes", accounts });
    expect(published.status).toBe(201);
    const foreignPost = await other.post("/v1/posts", { text: "not yours", accounts: [await connectBluesky(other, "batch-x.test")] });
    expect(foreignPost.status).toBe(201);
    const targets = await t.db.select().from(postTargets).where(eq(postTargets.workspaceId, ws.id));
    const [foreign] = await t.db.select().from(postTargets).where(eq(postTargets.workspaceId, other.id));
    if (targets.length !== 3 || !foreign) throw new Error("targets missing");
    const [t1, t2, t3] = targets;
    if (!t1 || !t2 || !t3) throw new Error("targets missing");
    // Back in flight, as between the claim and the networks' answers; the third already failed.
    await t.db
      .update(postTargets)
      .set({ state: "publishing", networkPostId: null, url: null })
      .where(inArray(postTargets.id, [t1.id, t2.id, foreign.id]));
    await t.db.update(postTargets).set({ state: "failed" }).where(eq(postTargets.id, t3.id));
    const ctx = await keyContext(t, ws);
    const record = outcomeRecorder(ctx, 4);
    const outcome = (n: string) => ({ state: "published" as const, networkPostId: `at://net/${n}`, url: `https://bsky.app/${n}` });
    const recorder = recordStatements(t.db);
    const results = await Promise.all([
      record(t1.id, outcome("1"), "test"),
      record(t2.id, { ...outcome("2"), warnings: [] }, "test"),
      record(t3.id, outcome("3"), "test"),
      record(foreign.id, outcome("x"), "test"),
    ]);
    recorder.stop();
    expect(recorder.statements).toHaveLength(1);
    expect(results).toEqual([true, true, false, false]);
    const after = new Map(
      (
        await t.db
          .select()
          .from(postTargets)
          .where(inArray(postTargets.id, [t1.id, t2.id, t3.id, foreign.id]))
      ).map((r) => [r.id, r]),
    );
    expect(after.get(t1.id)).toMatchObject({ state: "published", networkPostId: "at://net/1", url: "https://bsky.app/1", publishedAt: t.clock.now(), error: null, pollToken: null });
    expect(after.get(t2.id)).toMatchObject({ state: "published", networkPostId: "at://net/2" });
    expect(after.get(t3.id)).toMatchObject({ state: "failed" });
    expect(after.get(foreign.id)).toMatchObject({ state: "publishing", networkPostId: null });
    // Recorded once: a repeat (a duplicate delivery) changes nothing.
    expect(await record(t1.id, outcome("again"), "test")).toBe(false);
    expect((await t.db.select().from(postTargets).where(eq(postTargets.id, t1.id)))[0]?.networkPostId).toBe("at://net/1");
  });

  it("records published and processing outcomes that land together in one statement, with each first poll once and post.processing once", () => landTogether(t, { countStatements: true }));

  it("records a target entering processing with its first poll in one statement, and post.processing once per post", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const published = await ws.post("/v1/posts", { text: "processing outcomes", accounts: [await connectBluesky(ws, "proc-1.test"), await connectBluesky(ws, "proc-2.test")] });
    expect(published.status).toBe(201);
    const postId = published.body.id;
    const targets = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
    const [t1, t2] = targets;
    if (!t1 || !t2) throw new Error("targets missing");
    await t.db.update(postTargets).set({ state: "publishing", networkPostId: null, url: null }).where(eq(postTargets.postId, postId));
    await t.db.update(posts).set({ processingNotifiedAt: null }).where(eq(posts.id, postId));
    const ctx = await keyContext(t, ws);
    const nextPollAt = new Date(t.clock.now().getTime() + 30_000);
    const outcome = (n: string) => ({ state: "processing" as const, networkPostId: `net-${n}`, url: null, pollToken: `poll-${n}`, nextPollAt });

    expect(await recordProcessingOutcome(ctx, { targetId: t1.id, mode: "test", outcome: outcome("1") })).toBe(true);
    const recorder = recordStatements(t.db);
    expect(await recordProcessingOutcome(ctx, { targetId: t2.id, mode: "test", outcome: outcome("2") })).toBe(true);
    recorder.stop();
    // The second target: the post already reported processing, so one statement in its transaction.
    expect(recorder.statements).toEqual(["BEGIN", expect.stringMatching(/^\s*with input as/), "COMMIT"]);

    const after = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
    for (const [target, n] of [
      [t1, "1"],
      [t2, "2"],
    ] as const) {
      expect(after.find((r) => r.id === target.id)).toMatchObject({ state: "processing", networkPostId: `net-${n}`, pollToken: `poll-${n}`, nextPollAt });
      const queued = await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupKey, firstPollKey(target.id)));
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ kind: "poll_target", runAt: nextPollAt, payload: { targetId: target.id, attempt: 1, workspaceId: ws.id, mode: "test" } });
    }
    // A target already final takes no outcome, and its poll is not queued twice.
    await t.db.update(postTargets).set({ state: "published" }).where(eq(postTargets.id, t1.id));
    expect(await recordProcessingOutcome(ctx, { targetId: t1.id, mode: "test", outcome: outcome("late") })).toBe(false);
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupKey, firstPollKey(t1.id))),
    ).toHaveLength(1);
    expect((await t.db.select().from(postTargets).where(eq(postTargets.id, t1.id)))[0]?.networkPostId).toBe("net-1");
    const reported = await t.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, ws.id), eq(events.type, "post.processing")));
    expect(reported).toHaveLength(1);
    expect(reported[0]?.data).toMatchObject({ id: postId, targets: expect.arrayContaining([expect.objectContaining({ account: t1.accountId, state: "processing", networkPostId: "net-1" })]) });
  });
});

/**
 * A fan-out's published and processing outcomes landing together: one statement, each written
 * as alone, every first poll queued once and post.processing recorded once.
 */
async function landTogether(t: TestApp, options: { countStatements: boolean }): Promise<void> {
  const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
  const other = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
  const accounts = [await connectBluesky(ws, "landed-1.test"), await connectBluesky(ws, "landed-2.test"), await connectBluesky(ws, "landed-3.test"), await connectBluesky(ws, "landed-4.test")];
  const published = await ws.post("/v1/posts", { text: "landed together", accounts });
  expect(published.status).toBe(201);
  const postId = published.body.id;
  const foreignPost = await other.post("/v1/posts", { text: "not yours", accounts: [await connectBluesky(other, "landed-x.test")] });
  expect(foreignPost.status).toBe(201);
  const targets = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  const [foreign] = await t.db.select().from(postTargets).where(eq(postTargets.workspaceId, other.id));
  const [p1, p2, v1, v2] = targets;
  if (!p1 || !p2 || !v1 || !v2 || !foreign) throw new Error("targets missing");
  // In flight again, as between the claim and the networks' answers; v2 already published.
  await t.db
    .update(postTargets)
    .set({ state: "publishing", networkPostId: null, url: null, pollToken: null })
    .where(inArray(postTargets.id, [p1.id, p2.id, v1.id, foreign.id]));
  await t.db.update(postTargets).set({ state: "published", networkPostId: "kept" }).where(eq(postTargets.id, v2.id));
  await t.db.update(posts).set({ processingNotifiedAt: null }).where(eq(posts.id, postId));
  const ctx = await keyContext(t, ws);
  const nextPollAt = new Date(t.clock.now().getTime() + 45_000);
  const done = (n: string) => ({ state: "published" as const, networkPostId: `at://net/${n}`, url: `https://bsky.app/${n}` });
  const pending = (n: string) => ({ state: "processing" as const, networkPostId: `vid-${n}`, url: null, pollToken: `poll-${n}`, nextPollAt });
  const record = outcomeRecorder(ctx, 5);
  // The statement counter listens to PGlite's client; on the server the rows below are the check.
  const recorder = options.countStatements ? recordStatements(t.db) : null;
  const results = await Promise.all([
    record(p1.id, done("1"), "test"),
    record(p2.id, done("2"), "test"),
    record(v1.id, pending("1"), "test"),
    record(v2.id, pending("late"), "test"),
    record(foreign.id, pending("x"), "test"),
  ]);
  recorder?.stop();
  expect(results).toEqual([true, true, true, false, false]);
  if (recorder) {
    // One statement for the five outcomes, then the event of the post's first processing target.
    const landed = recorder.statements.filter((s) => /^\s*with input as/.test(s));
    expect(landed).toHaveLength(1);
    expect(recorder.statements.filter((s) => !/^\s*with input as/.test(s) && /update "post_targets"/.test(s))).toEqual([]);
    expect(recorder.statements[0]).toBe("BEGIN");
    expect(recorder.statements.at(-1)).toBe("COMMIT");
  }

  const after = new Map(
    (
      await t.db
        .select()
        .from(postTargets)
        .where(inArray(postTargets.id, [p1.id, p2.id, v1.id, v2.id, foreign.id]))
    ).map((r) => [r.id, r]),
  );
  expect(after.get(p1.id)).toMatchObject({ state: "published", networkPostId: "at://net/1", publishedAt: t.clock.now(), pollToken: null });
  expect(after.get(p2.id)).toMatchObject({ state: "published", networkPostId: "at://net/2" });
  expect(after.get(v1.id)).toMatchObject({ state: "processing", networkPostId: "vid-1", pollToken: "poll-1", nextPollAt });
  expect(after.get(v2.id)).toMatchObject({ state: "published", networkPostId: "kept" });
  expect(after.get(foreign.id)).toMatchObject({ state: "publishing", networkPostId: null });
  const polls = await t.db
    .select()
    .from(jobs)
    .where(inArray(jobs.dedupKey, [v1.id, v2.id, foreign.id].map(firstPollKey)));
  expect(polls).toHaveLength(1);
  expect(polls[0]).toMatchObject({ kind: "poll_target", dedupKey: firstPollKey(v1.id), runAt: nextPollAt, payload: { targetId: v1.id, attempt: 1, workspaceId: ws.id, mode: "test" } });
  const reported = await t.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, ws.id), eq(events.type, "post.processing")));
  expect(reported).toHaveLength(1);
  expect(reported[0]?.data).toMatchObject({ id: postId, targets: expect.arrayContaining([expect.objectContaining({ account: v1.accountId, state: "processing", networkPostId: "vid-1" })]) });

  // A repeat (a duplicate delivery) changes nothing and queues nothing more.
  const again = outcomeRecorder(ctx, 2);
  expect(await Promise.all([again(v1.id, pending("again"), "test"), again(p1.id, done("again"), "test")])).toEqual([true, false]);
  expect((await t.db.select().from(postTargets).where(eq(postTargets.id, p1.id)))[0]?.networkPostId).toBe("at://net/1");
  expect(
    await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupKey, firstPollKey(v1.id))),
  ).toHaveLength(1);
  expect(
    await t.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, ws.id), eq(events.type, "post.processing"))),
  ).toHaveLength(1);
}

const postgres = await postgresAvailable();
skipWithout("postgres", postgres, "outcomes landing together on the PostgreSQL server");

describe.skipIf(!postgres.ok)("writes gathered into one statement, on the PostgreSQL server", () => {
  let t: TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const database = await createThrowawayDatabase();
    cleanups.push(database.close);
    const opened = await openServerDatabase(database.url);
    cleanups.push(opened.close);
    t = await createTestApp({ serverDatabase: opened.db });
  });
  afterAll(async () => {
    await t?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("records published and processing outcomes that land together in one statement, with each first poll once and post.processing once", () => landTogether(t, { countStatements: false }));
});
