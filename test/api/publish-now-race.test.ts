import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { events, sandboxRecords } from "../../src/db/schema/index.js";
import { handleJob } from "../../src/jobs/handle-job.js";
import { describeOnServer } from "../support/each-database.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/*
 * Publishing a scheduled post now claims it with the same conditional UPDATE its delivery and a
 * cancel use (scheduled → processing, or → cancelled): of every racer exactly one moves the post.
 */
// The server only: PGlite runs one transaction at a time, so nothing there can interleave.
describeOnServer("publishing a scheduled post now, exactly once", (app) => {
  it("two publish-now requests, the due delivery and a cancel at once send the post once and charge once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky");
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "raced publish now", accounts: [bsky.id], scheduledAt: at })).body;
    t.clock.advance(61_000);
    const runtime = t.jobRuntime();
    const [first, second, cancel] = await Promise.all([
      ws.post(`/v1/posts/${post.id}/publish`),
      ws.post(`/v1/posts/${post.id}/publish`),
      ws.delete(`/v1/posts/${post.id}`),
      handleJob(runtime, { kind: "publish_scheduled", workspaceId: ws.id, mode: "test", payload: { postId: post.id, version: 0 } }),
    ]);
    const answers = [first, second, cancel].map((a) => a?.status);
    for (const status of answers) expect([200, 409]).toContain(status);
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    const after = (await ws.get(`/v1/posts/${post.id}`)).body;
    const sent = (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"))).filter(
      (r) => JSON.stringify(r.data).includes("raced publish now") && r.kind.includes("record"),
    );
    const published = (await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).filter((e) => e.type === "post.published");
    if (after.state === "cancelled") {
      expect(cancel?.status).toBe(200);
      expect(sent).toHaveLength(0);
      expect(published).toHaveLength(0);
      return;
    }
    expect(after).toMatchObject({ state: "published", targets: [{ state: "published", credits: 1 }] });
    expect(cancel?.status).toBe(409);
    expect(sent).toHaveLength(1);
    expect(published).toHaveLength(1);
  });

  it("ten concurrent publish-now requests send a scheduled post once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky");
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "ten at once", accounts: [bsky.id], scheduledAt: at })).body;
    const answers = await Promise.all(Array.from({ length: 10 }, () => ws.post(`/v1/posts/${post.id}/publish`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The rest lost the claim (409), or the posts-per-minute gate refused them first (429).
    for (const answer of answers) expect([200, 409, 429]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 409).length).toBeGreaterThan(0);
    const sent = (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"))).filter((r) => JSON.stringify(r.data).includes("ten at once") && r.kind.includes("record"));
    expect(sent).toHaveLength(1);
    expect((await ws.get(`/v1/posts/${post.id}`)).body.targets[0]?.credits).toBe(1);
  });
});
