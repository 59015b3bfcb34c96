import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { idempotencyRecords, postEditTargets, postEdits } from "../../src/db/schema/index.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * One edit per Idempotency-Key: ten concurrent retries of the same PATCH write one edit and send
 * it once per target; and when the claim is lost (a crash past the lease frees it) the re-run
 * finds the same edit through the unique (workspace, key) index instead of writing a second one.
 */
describeOnEachDatabase("edits of a published post under retries", (app) => {
  it("ten concurrent retries, then a re-run after the claim is gone, make one edit sent once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const facebook = await ws.connect("facebook");
    const pageId = (await ws.get(`/v1/social-accounts/${facebook.id}/targets`)).body.items[0]?.id;
    const post = await ws.settle(await ws.publish({ text: "before", accounts: [facebook.id], platformOptions: { facebook: { pageId } } }));
    expect(post.state).toBe("published");
    const key = "edit-race-key";
    const answers = await Promise.all(Array.from({ length: 10 }, () => ws.patch(`/v1/posts/${post.id}`, { text: "after" }, { headers: { "idempotency-key": key } })));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    // The claim is forgotten, as after a crash past its lease: the same request runs again.
    // (Keys are stored keyed, not as sent: the workspace's only record is this request's.)
    const forgotten = await t.db.delete(idempotencyRecords).where(eq(idempotencyRecords.workspaceId, ws.id)).returning({ key: idempotencyRecords.key });
    expect(forgotten).toHaveLength(1);
    const rerun = await ws.patch(`/v1/posts/${post.id}`, { text: "after" }, { headers: { "idempotency-key": key } });
    expect(rerun.status, rerun.text).toBe(200);
    expect(rerun.headers.get("idempotent-replayed"), "the re-run ran the request again").toBeNull();
    const edits = await t.db.select().from(postEdits).where(eq(postEdits.postId, post.id));
    expect(edits).toHaveLength(1);
    expect(rerun.body.edit?.id).toBe(edits[0]?.id);
    const rows = await t.db
      .select()
      .from(postEditTargets)
      .where(eq(postEditTargets.editId, edits[0]?.id ?? ""));
    expect(rows.map((r) => r.state)).toEqual(["edited"]);
    expect((await ws.get(`/v1/posts/${post.id}/edits`)).body.items).toHaveLength(1);
  });
});
