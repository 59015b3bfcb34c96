import { describe, expect, it } from "vitest";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import { BLUESKY_CHAT_PROXY } from "../../src/networks/bluesky/capabilities.js";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import { createBlueskySimulator } from "../../src/sandbox/bluesky/simulator.js";
import { apiError, connected, createHarness, type Harness } from "./bluesky-harness.js";

/** Bluesky chat through the PDS's proxy, every exchange checked against the chat.bsky lexicons. */

function dm(): Required<Pick<InboxFacet, "listConversations" | "listMessages" | "sendMessage">> {
  const inbox = blueskyAdapter.inbox;
  if (!inbox?.listConversations || !inbox.listMessages || !inbox.sendMessage) throw new Error("the Bluesky adapter has no chat methods");
  return { listConversations: inbox.listConversations, listMessages: inbox.listMessages, sendMessage: inbox.sendMessage };
}

async function receive(h: Harness, recipientId: string, senderHandle: string, text: string) {
  const simulator = createBlueskySimulator(h.deps);
  h.advance(1000);
  return simulator.receiveMessage?.({ recipientId, senderHandle, text });
}

describe("Bluesky chat (chat.bsky.convo.*)", () => {
  it("lists, reads and sends with the atproto-proxy header, valid against the lexicons", async () => {
    const h = createHarness();
    const { account, tokens } = await connected(h);
    await receive(h, account.id, "erin.chat.test", "hi alice");
    await receive(h, account.id, "finn.chat.test", "hello from finn");
    const page = await dm().listConversations(tokens, { cursor: null, limit: 10, networkUserId: account.id }, h.net);
    expect(page.items.map((c) => c.participants.map((p) => p.handle))).toEqual([["finn.chat.test"], ["erin.chat.test"]]);
    const erin = page.items[1];
    const conversation = { id: erin?.id ?? "", via: null };
    h.advance(1000);
    const sent = await dm().sendMessage(tokens, { conversation, networkUserId: account.id, text: "hi erin 👋", media: [], humanAgent: true }, h.net);
    const read = await dm().listMessages(tokens, { conversation, cursor: null, limit: 10, networkUserId: account.id }, h.net);
    expect(read.items.map((m) => [m.id, m.direction, m.text])).toEqual([
      [sent.id, "out", "hi erin 👋"],
      [expect.any(String), "in", "hi alice"],
    ]);
    const chat = h.calls.filter((c) => c.url.pathname.startsWith("/xrpc/chat.bsky."));
    expect(chat.map((c) => c.url.pathname.slice(6))).toEqual(["chat.bsky.convo.listConvos", "chat.bsky.convo.sendMessage", "chat.bsky.convo.getMessages"]);
    expect(chat.every((c) => c.headers.get("atproto-proxy") === BLUESKY_CHAT_PROXY)).toBe(true);
    expect(h.violations).toEqual([]);
  });

  it("a conversation the account is not in is resource_not_found (InvalidConvo); text over 1,000 graphemes is refused", async () => {
    const h = createHarness();
    const { account, tokens } = await connected(h);
    await receive(h, account.id, "gil.chat.test", "hey");
    const [convo] = (await dm().listConversations(tokens, { cursor: null, limit: 10, networkUserId: account.id }, h.net)).items;
    expect(await apiError(dm().listMessages(tokens, { conversation: { id: "3kzzzzzzzzzzz", via: null }, cursor: null, limit: 10, networkUserId: account.id }, h.net))).toMatchObject({
      code: "resource_not_found",
    });
    const before = h.calls.length;
    expect(
      await apiError(dm().sendMessage(tokens, { conversation: { id: convo?.id ?? "", via: null }, networkUserId: account.id, text: "x".repeat(1001), media: [], humanAgent: false }, h.net)),
    ).toMatchObject({ code: "field_invalid", param: "text" });
    expect(h.calls.length).toBe(before);
    // 1,000 emoji are 1,000 graphemes but 4,000 bytes: within both limits.
    expect(
      (await dm().sendMessage(tokens, { conversation: { id: convo?.id ?? "", via: null }, networkUserId: account.id, text: "🦋".repeat(1000), media: [], humanAgent: false }, h.net)).id,
    ).toBeTruthy();
    expect(h.violations).toEqual([]);
  });
});
