import { describe, expect, it } from "vitest";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import { pdsUrlOf } from "../../src/networks/bluesky/connect.js";
import type { TokenSet } from "../../src/networks/types.js";
import { recordKey, type StoredRecord, writeRecord } from "../../src/sandbox/bluesky/repo.js";
import { tid } from "../../src/sandbox/bluesky/wire.js";
import { apiError, connected, type Harness, harnessPerTest, lastCall } from "./bluesky-harness.js";

/**
 * Hide and unhide through the root post's threadgate `hiddenReplies`, driven against the
 * simulator with every exchange checked against the official lexicons (the harness validates the
 * threadgate record of each putRecord with @atproto/api's lexicon).
 */
const harness = harnessPerTest();
const inbox = blueskyAdapter.inbox ?? {};
const hide = (tokens: TokenSet, h: Harness, commentId: string, hidden: boolean) => {
  if (!inbox.hideComment) throw new Error("Bluesky has no hideComment");
  return inbox.hideComment(tokens, { commentId, networkUserId: String(tokens.extra.did), hidden }, h.net);
};
const listComments = async (tokens: TokenSet, h: Harness, networkPostId: string) => {
  if (!inbox.listComments) throw new Error("Bluesky has no listComments");
  return (await inbox.listComments(tokens, { networkPostId, nested: true, cursor: null, limit: 50, networkUserId: String(tokens.extra.did) }, h.net)).items;
};

const POST = "app.bsky.feed.post";
const GATE = "app.bsky.feed.threadgate";

/** A post record written straight into `did`'s repository; `parent` makes it a reply in the parent's thread. */
async function post(h: Harness, did: string, text: string, parent?: { uri: string; cid: string; root?: { uri: string; cid: string } }) {
  h.advance(1000);
  const rkey = tid(h.deps.now());
  const reply = parent ? { reply: { root: parent.root ?? { uri: parent.uri, cid: parent.cid }, parent: { uri: parent.uri, cid: parent.cid } } } : {};
  const stored = await writeRecord(h.deps, did, POST, rkey, { $type: POST, text, createdAt: h.deps.now().toISOString(), ...reply });
  return { uri: `at://${did}/${POST}/${rkey}`, cid: stored.cid, rkey };
}

const gateOf = async (h: Harness, did: string, rkey: string) => (await h.deps.store.get<StoredRecord>("bluesky", "record", recordKey(did, GATE, rkey)))?.data ?? null;
const puts = (h: Harness) => h.calls.filter((c) => c.url.pathname.endsWith("com.atproto.repo.putRecord"));

describe("bluesky hideComment (threadgate hiddenReplies)", () => {
  it("creates the gate without reply rules, marks the reply hidden in the thread, and unhides it", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const carol = await h.seed("carol.bsky.social");
    const root = await post(h, account.id, "my thread");
    const first = await post(h, carol.id, "first", root);
    const second = await post(h, carol.id, "second", root);

    await hide(tokens, h, first.uri, true);
    const put = lastCall(h, "com.atproto.repo.putRecord");
    expect(put?.body).toMatchObject({ repo: account.id, collection: GATE, rkey: root.rkey, swapRecord: null });
    const gate = await gateOf(h, account.id, root.rkey);
    // No `allow` key: an absent list lets everybody reply; an empty one would close the thread.
    expect(gate?.value).toEqual({ $type: GATE, post: root.uri, createdAt: h.deps.now().toISOString(), hiddenReplies: [first.uri] });
    expect((await listComments(tokens, h, root.uri)).map((c) => [c.id, c.hidden])).toEqual([
      [second.uri, false],
      [first.uri, true],
    ]);

    // Hiding again changes nothing and writes nothing.
    await hide(tokens, h, first.uri, true);
    expect(puts(h)).toHaveLength(1);

    await hide(tokens, h, first.uri, false);
    expect(lastCall(h, "com.atproto.repo.putRecord")?.body).toMatchObject({ swapRecord: gate?.cid });
    expect((await gateOf(h, account.id, root.rkey))?.value.hiddenReplies).toEqual([]);
    expect((await listComments(tokens, h, root.uri)).every((c) => c.hidden === false)).toBe(true);
    await hide(tokens, h, first.uri, false);
    expect(puts(h)).toHaveLength(2);
  });

  it("keeps the gate's reply rules and earlier hides, and hides a reply nested deep in the thread", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const carol = await h.seed("carol.bsky.social");
    const root = await post(h, account.id, "followers only");
    const top = await post(h, carol.id, "top", root);
    const nested = await post(h, carol.id, "nested", { ...top, root: { uri: root.uri, cid: root.cid } });
    const rules = [{ $type: "app.bsky.feed.threadgate#followerRule" }, { $type: "app.bsky.feed.threadgate#mentionRule" }];
    const before = await writeRecord(h.deps, account.id, GATE, root.rkey, { $type: GATE, post: root.uri, allow: rules, createdAt: "2026-08-01T00:00:00.000Z", hiddenReplies: [top.uri] });

    await hide(tokens, h, nested.uri, true);
    expect(lastCall(h, "com.atproto.repo.putRecord")?.body).toMatchObject({ swapRecord: before.cid });
    expect((await gateOf(h, account.id, root.rkey))?.value).toEqual({ $type: GATE, post: root.uri, allow: rules, createdAt: "2026-08-01T00:00:00.000Z", hiddenReplies: [top.uri, nested.uri] });
    const thread = await listComments(tokens, h, root.uri);
    expect(thread[0]).toMatchObject({ id: top.uri, hidden: true, replies: [expect.objectContaining({ id: nested.uri, hidden: true })] });
  });

  it("reads the gate again when another client changed it meanwhile (InvalidSwap), losing neither edit", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const carol = await h.seed("carol.bsky.social");
    const root = await post(h, account.id, "busy thread");
    const mine = await post(h, carol.id, "hidden through Chorus", root);
    const theirs = await post(h, carol.id, "hidden in the Bluesky app", root);
    let raced = false;
    h.beforeCall = async (url) => {
      if (raced || !url.pathname.endsWith("com.atproto.repo.putRecord")) return;
      raced = true;
      await writeRecord(h.deps, account.id, GATE, root.rkey, { $type: GATE, post: root.uri, allow: [], createdAt: "2026-08-01T00:00:00.000Z", hiddenReplies: [theirs.uri] });
    };
    await hide(tokens, h, mine.uri, true);
    expect(puts(h).map((p) => p.status)).toEqual([400, 200]);
    expect(puts(h)[0]?.response).toMatchObject({ error: "InvalidSwap" });
    expect((await gateOf(h, account.id, root.rkey))?.value).toMatchObject({ allow: [], hiddenReplies: [theirs.uri, mine.uri] });
  });

  it("refuses a reply in someone else's thread, a post that is not a reply, and an unknown post, writing nothing", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const carol = await h.seed("carol.bsky.social");
    const carolsRoot = await post(h, carol.id, "carol's thread");
    const dave = await h.seed("dave.bsky.social");
    const davesReply = await post(h, dave.id, "in carol's thread", carolsRoot);
    const own = await post(h, account.id, "my reply in carol's thread", carolsRoot);

    for (const uri of [davesReply.uri, own.uri]) {
      const error = await apiError(hide(tokens, h, uri, true));
      expect(error).toMatchObject({ code: "comment_thread_not_own", status: 422, platform: "bluesky", param: "id" });
      expect(error.fix).toContain("engagements");
    }
    expect((await apiError(hide(tokens, h, carolsRoot.uri, true))).code).toBe("comment_not_found");
    const mine = await post(h, account.id, "mine");
    expect((await apiError(hide(tokens, h, mine.uri, true))).message).toContain("not a reply");
    expect((await apiError(hide(tokens, h, `at://${account.id}/${POST}/3kzzzzzzzzzzz`, true))).code).toBe("comment_not_found");
    expect((await apiError(hide(tokens, h, "https://bsky.app/profile/x/post/1", true))).code).toBe("comment_not_found");
    expect(puts(h)).toEqual([]);
  });

  it("stops at the lexicon's 300 hidden replies before writing; the simulated PDS refuses a longer list too", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const carol = await h.seed("carol.bsky.social");
    const root = await post(h, account.id, "popular");
    const old = await post(h, carol.id, "hidden long ago", root);
    const reply = await post(h, carol.id, "one more", root);
    const others = Array.from({ length: 299 }, (_, i) => `at://${carol.id}/${POST}/3kaaaaaaaa${String(i).padStart(3, "0")}`);
    const full = [old.uri, ...others];
    await writeRecord(h.deps, account.id, GATE, root.rkey, { $type: GATE, post: root.uri, createdAt: "2026-08-01T00:00:00.000Z", hiddenReplies: full });

    const error = await apiError(hide(tokens, h, reply.uri, true));
    expect(error).toMatchObject({ code: "comment_hide_limit", status: 422, platform: "bluesky" });
    expect(puts(h)).toEqual([]);
    // Showing one again makes room for the next.
    await hide(tokens, h, old.uri, false);
    await hide(tokens, h, reply.uri, true);
    expect((await gateOf(h, account.id, root.rkey))?.value.hiddenReplies).toEqual([...others, reply.uri]);

    const response = await h.net.fetch(`${pdsUrlOf(tokens, h.net)}/xrpc/com.atproto.repo.putRecord`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        repo: account.id,
        collection: GATE,
        rkey: root.rkey,
        record: { $type: GATE, post: root.uri, createdAt: "2026-08-01T00:00:00.000Z", hiddenReplies: [...full, reply.uri] },
        swapRecord: null,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "InvalidRequest", message: `Invalid ${GATE} record: array too big (maximum 300, got 301) at $.record.hiddenReplies` });
    // The official lexicon refuses the same record: the harness recorded it as a violation.
    expect(h.violations).toEqual([expect.stringMatching(/putRecord: input: .*hiddenReplies/)]);
    h.violations.length = 0;
    expect((await gateOf(h, account.id, root.rkey))?.value.hiddenReplies).toEqual([...others, reply.uri]);
  });
});
