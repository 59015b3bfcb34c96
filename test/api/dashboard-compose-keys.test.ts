import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyRecords, posts } from "../../src/db/schema/index.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * The compose form's submission id goes through the same keyed-write helper as the MCP tools'
 * idempotency keys (src/http/keyed-write.ts): one store, one set of rules.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function connect(ws: WorkspaceFixture, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

const postsOf = (ws: WorkspaceFixture) => t.db.select().from(posts).where(eq(posts.workspaceId, ws.id));

describe("the compose form under an idempotency key", () => {
  it("releases the key of a refused form, so the corrected form publishes once under it", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "compose-key-fix");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");

    // An account that is not this workspace's: refused before anything is stored or sent.
    const refused = await session.submit("/dashboard/compose", { text: "Short enough", accounts: ["acc_notours"], action: "publish" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("account_unknown");
    expect(await postsOf(ws)).toHaveLength(0);
    expect(await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.workspaceId, ws.id))).toHaveLength(0);

    const fixed = await session.submit("/dashboard/compose", { text: "Short enough", accounts: [account], action: "publish" });
    expect(fixed.status).toBe(303);
    const [post] = await postsOf(ws);
    expect(fixed.location).toBe(`/dashboard/posts/${post?.id}`);
    // The answer is kept encrypted like every other keyed answer, never the post id in the clear.
    const [record] = await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.workspaceId, ws.id));
    expect(record?.state).toBe("done");
    expect(record?.responseBody).not.toContain(post?.id ?? "post_");

    // The same form again: sent to the same post, nothing published twice.
    const again = await session.submit("/dashboard/compose", { text: "Short enough", accounts: [account], action: "publish" });
    expect(again.location).toBe(fixed.location);
    // The same submission id with other content is refused, writing nothing.
    const changed = await session.submit("/dashboard/compose", { text: "Something else", accounts: [account], action: "publish" });
    expect(changed.status).toBe(409);
    expect(changed.html).toContain("idempotency_key_reused");
    expect(await postsOf(ws)).toHaveLength(1);
  });

  it("keys are the workspace's own: another workspace sending the same submission id publishes its own post", async () => {
    const first = await testWorkspace(t);
    const second = await testWorkspace(t);
    const one = await connect(first, "compose-key-a");
    const two = await connect(second, "compose-key-b");
    const a = await DashboardSession.open(t, first);
    const b = await DashboardSession.open(t, second);
    await a.page("/dashboard/compose");
    await b.page("/dashboard/compose");
    b.submission = a.submission;

    const sentA = await a.submit("/dashboard/compose", { text: "Same words", accounts: [one], action: "publish" });
    const sentB = await b.submit("/dashboard/compose", { text: "Same words", accounts: [two], action: "publish" });
    expect([sentA.status, sentB.status]).toEqual([303, 303]);
    expect(sentB.location).not.toBe(sentA.location);
    expect(await postsOf(first)).toHaveLength(1);
    expect(await postsOf(second)).toHaveLength(1);
  });
});
