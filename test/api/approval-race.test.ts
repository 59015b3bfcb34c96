import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { events, sandboxRecords } from "../../src/db/schema/index.js";
import { describeOnServer } from "../support/each-database.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/*
 * The decision is one conditional UPDATE (pending_approval → processing, or → rejected): on the
 * server, racers' transactions interleave, so without that condition both approvals would send.
 */
// The server only: PGlite runs one transaction at a time, so nothing there can interleave.
describeOnServer("approving a post exactly once", (app) => {
  it("two concurrent approvals publish once, charge once and record one post.approved", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    await ws.patch("/v1/approval-settings", { requireApproval: true });
    const bsky = await ws.connect("bluesky");
    const held = await ws.publish({ text: "raced approval", accounts: [bsky.id] });
    const answers = await Promise.all([ws.post(`/v1/posts/${held.id}/approve`), ws.post(`/v1/posts/${held.id}/approve`), ws.post(`/v1/posts/${held.id}/reject`, { reason: "raced" })]);
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    const recorded = (await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).map((e) => e.type);
    expect(recorded.filter((type) => type === "post.approved" || type === "post.rejected")).toHaveLength(1);
    const post = (await ws.get(`/v1/posts/${held.id}`)).body;
    if (post.state === "rejected") return;
    const sent = (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"))).filter((r) => JSON.stringify(r.data).includes("raced approval") && r.kind.includes("record"));
    expect(sent).toHaveLength(1);
    expect(post.targets[0]?.credits).toBe(1);
  });
});
