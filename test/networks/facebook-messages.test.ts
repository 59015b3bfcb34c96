import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { bench, connect, rejectsWith } from "./facebook-helpers.js";

/** Messenger through the adapter and the simulated Graph: the wire of the Conversations and Send APIs, and Meta's window. */

function dm(): Required<Pick<InboxFacet, "listConversations" | "listMessages" | "sendMessage">> {
  const inbox = facebookAdapter.inbox;
  if (!inbox?.listConversations || !inbox.listMessages || !inbox.sendMessage) throw new Error("the Facebook adapter has no Messenger methods");
  return { listConversations: inbox.listConversations, listMessages: inbox.listMessages, sendMessage: inbox.sendMessage };
}

async function setup(handle: string) {
  const b = bench([createFacebookSimulator]);
  const net = b.net();
  const tokens = await connect(facebookAdapter, net, handle);
  const person = await b.deps.store.get<{ accountId: string }>("facebook", "handle", handle);
  const pages = await facebookAdapter.targets?.(tokens, net);
  if (!person || !pages || pages.length < 2) throw new Error("the sandbox person has no two pages");
  /** A visitor writes to one of the person's pages, as the inbound route stores it. */
  const write = async (pageId: string, from: string, text: string) => {
    b.advance(60);
    const id = `m_${from}_${b.deps.now().getTime()}`;
    await b.deps.store.put(
      "facebook",
      "inbound_message",
      id,
      { kind: "message", id, text, from: { id: `7${from.length}000000${b.deps.now().getTime() % 1000}`, username: from }, postId: "", at: b.deps.now().toISOString(), objectId: pageId },
      person.data.accountId,
    );
  };
  return { b, net, tokens, pages: pages.map((p) => p.id), write, userId: person.data.accountId };
}

describe("Facebook Messenger", () => {
  it("merges the conversations of every managed page newest first, paging each page's inbox with its own cursor", async () => {
    const { net, tokens, pages, write, userId } = await setup("fb_dm_pages");
    const [first = "", second = ""] = pages;
    await write(first, "ada", "to the first page");
    await write(second, "bo", "to the second page");
    await write(first, "cy", "to the first page again");
    const p1 = await dm().listConversations(tokens, { cursor: null, limit: 2, networkUserId: userId }, net);
    expect(p1.items.map((c) => [c.via, c.participants[0]?.handle])).toEqual([
      [first, "cy"],
      [second, "bo"],
    ]);
    expect(p1.cursor).not.toBeNull();
    const p2 = await dm().listConversations(tokens, { cursor: p1.cursor, limit: 2, networkUserId: userId }, net);
    expect(p2.items.map((c) => [c.via, c.participants[0]?.handle])).toEqual([[first, "ada"]]);
    expect(p2.cursor).toBeNull();
  });

  it("sends RESPONSE within 24 hours and MESSAGE_TAG HUMAN_AGENT when a person wrote it, with the page token, as JSON", async () => {
    const { b, net, tokens, pages, write, userId } = await setup("fb_dm_send");
    const page = pages[0] ?? "";
    await write(page, "dee", "hello page");
    const [conversation] = (await dm().listConversations(tokens, { cursor: null, limit: 10, networkUserId: userId }, net)).items;
    const ref = { id: conversation?.id ?? "", via: conversation?.via ?? null };
    expect(conversation?.replyBy).toBe(new Date(b.deps.now().getTime() + 24 * 3600_000).toISOString());

    await dm().sendMessage(tokens, { conversation: ref, networkUserId: userId, text: "hi", media: [], humanAgent: false }, net);
    b.advance(30 * 3600);
    await rejectsWith(dm().sendMessage(tokens, { conversation: ref, networkUserId: userId, text: "late", media: [], humanAgent: false }, net), "page_reply_window_closed");
    await dm().sendMessage(
      tokens,
      { conversation: ref, networkUserId: userId, text: "a person answers", media: [{ url: "https://media.example/photo.jpg", kind: "image", mimeType: "image/jpeg" }], humanAgent: true },
      net,
    );

    const sends = b.sent.filter((r) => r.method === "POST" && r.url.pathname.endsWith(`/${page}/messages`));
    const bodies = sends.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies.map((body) => [body.messaging_type, body.tag ?? null])).toEqual([
      ["RESPONSE", null],
      ["RESPONSE", null],
      ["MESSAGE_TAG", "HUMAN_AGENT"],
      ["MESSAGE_TAG", "HUMAN_AGENT"],
    ]);
    // Text and the file go as two messages: a Send API message holds one or the other.
    expect(bodies[2]?.message).toEqual({ text: "a person answers" });
    expect(bodies[3]?.message).toEqual({ attachment: { type: "image", payload: { url: "https://media.example/photo.jpg", is_reusable: false } } });
    expect(bodies.every((body) => (body.recipient as { id: string }).id === conversation?.participants[0]?.id)).toBe(true);
    // Every Messenger call acts as the page, never as the person.
    expect(sends.every((r) => r.url.searchParams.get("access_token")?.startsWith("EAA_SANDBOX_PAGE_"))).toBe(true);

    const read = await dm().listMessages(tokens, { conversation: ref, cursor: null, limit: 10, networkUserId: userId }, net);
    expect(read.items.map((m) => [m.direction, m.text, m.attachments.length])).toEqual([
      ["out", null, 1],
      ["out", "a person answers", 0],
      ["out", "hi", 0],
      ["in", "hello page", 0],
    ]);
  });

  it("a conversation of a page the person does not manage, or an id Graph does not know, is resource_not_found", async () => {
    const { net, tokens, userId, pages } = await setup("fb_dm_unknown");
    await rejectsWith(dm().listMessages(tokens, { conversation: { id: "t_123", via: "999999999999999" }, cursor: null, limit: 10, networkUserId: userId }, net), "resource_not_found");
    await rejectsWith(dm().listMessages(tokens, { conversation: { id: "t_123", via: pages[0] ?? "" }, cursor: null, limit: 10, networkUserId: userId }, net), "resource_not_found");
  });
});
