import { describe, expect, it } from "vitest";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import { bench, connect, rejectsWith } from "./facebook-helpers.js";
import { required } from "./harness.js";

const inbox = required(threadsAdapter, "inbox");
/** One method of the inbox facet, which the Threads adapter must have. */
function method<K extends keyof InboxFacet>(name: K): NonNullable<InboxFacet[K]> {
  const found = inbox[name];
  if (!found) throw new Error(`the threads inbox must implement ${name}`);
  return found as NonNullable<InboxFacet[K]>;
}
const listComments = method("listComments");
const listCommentReplies = method("listCommentReplies");
const replyToComment = method("replyToComment");
const hideComment = method("hideComment");
const deleteComment = method("deleteComment");
const publish = required(threadsAdapter, "publish");

/** The Threads adapter's reply requests, as the Reply Management and publishing references describe them, against the simulator. */
async function setup() {
  const b = bench([createThreadsSimulator]);
  const net = b.net();
  const tokens = await connect(threadsAdapter, net, "replied.writer");
  const userId = String(tokens.extra.userId);
  const published = await publish(tokens, { text: "Opening soon", media: [], options: {}, destination: null, targetId: "tgt_threads_1" }, net);
  let postId = published.state === "published" ? published.networkPostId : null;
  if (published.state === "processing") {
    b.advance(5);
    const checked = await required(threadsAdapter, "checkPublish")(tokens, published.pollToken, net);
    postId = checked.state === "published" ? checked.networkPostId : null;
  }
  if (!postId) throw new Error("the post was not published");
  const sim = b.sims[0];
  const simulate = sim?.simulateActivity;
  if (!simulate) throw new Error("the simulator takes simulated activity");
  const reply = async (subject: string, actor: string, text: string) => {
    b.advance(1);
    const made = await simulate({ action: "reply", recipientId: userId, actorHandle: actor, subject, text });
    if (!made.ok) throw new Error(made.reason);
    return made.networkId;
  };
  return { b, net, tokens, userId, postId, reply };
}

describe("threads replies against the simulator", () => {
  it("reads /replies newest first and /conversation for whole threads, with the fields Threads documents", async () => {
    const { b, net, tokens, userId, postId, reply } = await setup();
    const first = await reply(postId, "fan.one", "When?");
    const second = await reply(postId, "fan.two", "Nice");
    const deep = await reply(first, "fan.two", "Also wondering");
    const page = await listComments(tokens, { cursor: null, limit: 10, networkUserId: userId, networkPostId: postId, nested: true }, net);
    expect(page.cursor).toBeNull();
    expect(page.items.map((c) => c.id)).toEqual([second, first]);
    expect(page.items[1]).toMatchObject({
      parentId: postId,
      author: { handle: "fan.one" },
      own: false,
      hidden: false,
      replyCount: null,
      replies: [expect.objectContaining({ id: deep, parentId: first })],
    });
    expect(page.items[0]).toMatchObject({ replyCount: 0, replies: [] });
    const reads = b.sent.filter((r) => /\/(replies|conversation)$/.test(r.url.pathname));
    expect(reads.map((r) => r.url.pathname)).toEqual([`/v1.0/${postId}/replies`, `/v1.0/${postId}/conversation`]);
    for (const r of reads) {
      expect(r.method).toBe("GET");
      expect(r.url.searchParams.get("reverse")).toBe("true");
      expect(r.url.searchParams.get("fields")?.split(",")).toEqual(expect.arrayContaining(["id", "text", "username", "timestamp", "replied_to", "hide_status", "has_replies", "is_reply_owned_by_me"]));
    }
    expect((await listCommentReplies(tokens, { commentId: first, networkPostId: postId, networkUserId: userId, limit: 10 }, net)).map((c) => c.id)).toEqual([deep]);

    const limited = await listComments(tokens, { cursor: null, limit: 1, networkUserId: userId, networkPostId: postId, nested: false }, net);
    expect(limited.items.map((c) => c.id)).toEqual([second]);
    const rest = await listComments(tokens, { cursor: limited.cursor, limit: 1, networkUserId: userId, networkPostId: postId, nested: false }, net);
    expect(rest).toEqual({ items: [expect.objectContaining({ id: first })], cursor: null });
  });

  it("answers with a reply_to_id post published at once, hides with manage_reply, deletes only its own reply", async () => {
    const { b, net, tokens, userId, postId, reply } = await setup();
    const theirs = await reply(postId, "fan.three", "Hello");
    const answer = await replyToComment(tokens, { commentId: theirs, networkUserId: userId, text: "Hi there" }, net);
    const create = b.sent.at(-1);
    expect([create?.method, create?.url.pathname]).toEqual(["POST", `/v1.0/${userId}/threads`]);
    const form = new URLSearchParams(create?.body);
    expect({ media_type: form.get("media_type"), text: form.get("text"), reply_to_id: form.get("reply_to_id"), auto_publish_text: form.get("auto_publish_text") }).toEqual({
      media_type: "TEXT",
      text: "Hi there",
      reply_to_id: theirs,
      auto_publish_text: "true",
    });
    const replies = await listCommentReplies(tokens, { commentId: theirs, networkPostId: postId, networkUserId: userId, limit: 10 }, net);
    expect(replies).toEqual([expect.objectContaining({ id: answer.id, own: true, parentId: theirs, text: "Hi there" })]);

    await hideComment(tokens, { commentId: theirs, networkUserId: userId, hidden: true }, net);
    const hide = b.sent.at(-1);
    expect([hide?.method, hide?.url.pathname, new URLSearchParams(hide?.body).get("hide")]).toEqual(["POST", `/v1.0/${theirs}/manage_reply`, "true"]);
    expect((await listComments(tokens, { cursor: null, limit: 10, networkUserId: userId, networkPostId: postId, nested: false }, net)).items[0]?.hidden).toBe(true);
    await hideComment(tokens, { commentId: theirs, networkUserId: userId, hidden: false }, net);
    // Threads hides other people's replies, never the account's own.
    await rejectsWith(hideComment(tokens, { commentId: answer.id, networkUserId: userId, hidden: true }, net), "platform_rejected");

    const before = b.sent.length;
    await rejectsWith(deleteComment(tokens, { commentId: theirs, networkUserId: userId }, net), "comment_delete_unsupported");
    expect(b.sent.slice(before).some((r) => r.method === "DELETE")).toBe(false);
    await deleteComment(tokens, { commentId: answer.id, networkUserId: userId }, net);
    expect([b.sent.at(-1)?.method, b.sent.at(-1)?.url.pathname]).toEqual(["DELETE", `/v1.0/${answer.id}`]);
    expect(await listCommentReplies(tokens, { commentId: theirs, networkPostId: postId, networkUserId: userId, limit: 10 }, net)).toEqual([]);
    await rejectsWith(replyToComment(tokens, { commentId: "12345678901234567", networkUserId: userId, text: "Hi" }, net), "comment_not_found");
  });

  it("maps an expired token to needs_reauth", async () => {
    const { b, net, tokens, userId, postId } = await setup();
    const sim = b.sims[0];
    if (!sim) throw new Error("no simulator");
    await b.setFault(sim, "replied.writer", "expired_token");
    await rejectsWith(listComments(tokens, { cursor: null, limit: 10, networkUserId: userId, networkPostId: postId, nested: false }, net), "needs_reauth");
  });
});
