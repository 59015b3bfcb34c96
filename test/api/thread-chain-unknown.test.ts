import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postThreadItems } from "../../src/db/schema/index.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { countOf, networkPosts } from "../support/thread-chain.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * An item whose send went out but whose answer was lost (a timeout, a crash after the network
 * answered) is `unknown`. These tests put a published chain's items back in that state, as the
 * lost answer would have left them, and check what a retry with the same key does.
 */
describe("thread chain items with an unknown outcome", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  async function chain(handle: string, key: string) {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky", { handle, appPassword: "abcd-efgh-ijkl-mnop" });
    const body = { text: `${key} 1/3`, accounts: [bsky.id], thread: [{ text: `${key} 2/3` }, { text: `${key} 3/3` }] };
    const headers = { "Idempotency-Key": key };
    const post = (await ws.post("/v1/posts", body, { headers })).body;
    const items = await t.db.select().from(postThreadItems).where(eq(postThreadItems.postId, post.id));
    const [second, third] = items.sort((a, b) => a.position - b.position);
    if (!second || !third) throw new Error("no items");
    // The answer for item 1 was lost, so item 2 was never sent.
    const store = createDbSandboxStore(t.db, ws.id);
    await store.delete("bluesky", "record", (third.networkPostId ?? "").replace("at://", ""));
    await t.db.update(postThreadItems).set({ state: "unknown", networkPostId: null, url: null, publishedAt: null }).where(eq(postThreadItems.id, second.id));
    await t.db.update(postThreadItems).set({ state: "not_sent", networkPostId: null, url: null, publishedAt: null, credits: 0, creditSource: null }).where(eq(postThreadItems.id, third.id));
    return { ws, body, headers, post, second, third, store };
  }

  it("finds an item that did go out instead of sending it again, then goes on", async () => {
    const { ws, body, headers, second } = await chain("chain-lost.test", "lost");
    const retry = (await ws.post("/v1/posts", body, { headers })).body;
    const thread = retry.targets[0]?.thread ?? [];
    expect(thread.map((i) => i.state)).toEqual(["published", "published"]);
    expect(thread[0]?.networkPostId).toBe(second.networkPostId);
    const held = await networkPosts(t, ws.id, "bluesky");
    expect(countOf(held, "lost 2/3")).toBe(1);
    expect(countOf(held, "lost 3/3")).toBe(1);
    expect(held.find((p) => p.text === "lost 3/3")?.replyTo).toBe(second.networkPostId);
  });

  it("never resends blindly: an unknown item the network does not have fails first, and the next retry sends it", async () => {
    const { ws, body, headers, second, store } = await chain("chain-gone.test", "gone");
    await store.delete("bluesky", "record", (second.networkPostId ?? "").replace("at://", ""));
    const checked = (await ws.post("/v1/posts", body, { headers })).body;
    expect(checked.targets[0]?.thread).toMatchObject([
      { state: "failed", credits: 0, error: { code: "platform_unavailable" } },
      { state: "not_sent", credits: 0 },
    ]);
    expect(countOf(await networkPosts(t, ws.id, "bluesky"), "gone 2/3")).toBe(0);
    const sent = (await ws.post("/v1/posts", body, { headers })).body;
    expect(sent.targets[0]?.thread?.map((i) => i.state)).toEqual(["published", "published"]);
    const held = await networkPosts(t, ws.id, "bluesky");
    expect(countOf(held, "gone 2/3")).toBe(1);
    expect(countOf(held, "gone 3/3")).toBe(1);
    const rows = await t.db
      .select()
      .from(postThreadItems)
      .where(and(eq(postThreadItems.workspaceId, ws.id), eq(postThreadItems.state, "published")));
    expect(rows.reduce((sum, r) => sum + r.credits, 0)).toBe(2);
  });
});
