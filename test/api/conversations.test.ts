import { beforeAll, describe, expect, it } from "vitest";
import { HOUR, connect, conversations, messages, receive, send } from "../support/conversations.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";
import { testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("Facebook page conversations (Messenger)", () => {
  it("lists a visitor's message as a conversation with replyBy 24 h after it, reads it, and replies", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "facebook");
    expect((await ws.post(`/v1/social-accounts/${account}/webhook`, {})).status).toBe(200);
    await receive(ws, account, "Are you open today?");
    const sentAt = t.clock.now();

    const page = await conversations(ws);
    expect(page.problems).toEqual([]);
    expect(page.items).toHaveLength(1);
    const conversation = page.items[0];
    expect(conversation).toMatchObject({
      account,
      platform: "facebook",
      networkConversationId: expect.stringMatching(/^t_/),
      participants: [{ handle: "ada.visitor", platform: "facebook" }],
      unread: true,
      replyBy: new Date(sentAt.getTime() + 24 * HOUR).toISOString(),
    });
    expect(conversation?.id).toMatch(/^cnv_/);
    const id = conversation?.id ?? "";

    t.clock.advance(HOUR);
    const reply = await send(ws, id, { account, text: "Yes, until 6 pm." });
    expect(reply.status, await reply.clone().text()).toBe(200);
    expect(await reply.json()).toMatchObject({ conversationId: id, account, platform: "facebook", humanAgent: false, ok: true });

    const { items } = await messages(ws, id);
    expect(items.map((m) => [m.direction, m.text])).toEqual([
      ["out", "Yes, until 6 pm."],
      ["in", "Are you open today?"],
    ]);
    expect(items[1]?.from.handle).toBe("ada.visitor");
    expect((await conversations(ws)).items[0]).toMatchObject({ id, unread: false });
  });

  it("refuses a standard reply past 24 hours with page_reply_window_closed, accepts humanAgent until 7 days, then refuses that too", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "facebook");
    await ws.post(`/v1/social-accounts/${account}/webhook`, {});
    await receive(ws, account, "Hello?");
    const id = (await conversations(ws)).items[0]?.id ?? "";

    t.clock.advance(25 * HOUR);
    expect(await errorOf(await send(ws, id, { account, text: "Sorry for the wait" }))).toMatchObject({ code: "page_reply_window_closed", platform: "facebook", retryable: false });
    expect((await messages(ws, id)).items).toHaveLength(1);

    const human = await send(ws, id, { account, text: "Sorry for the wait, Ada here", humanAgent: true });
    expect(human.status, await human.clone().text()).toBe(200);
    expect(await human.json()).toMatchObject({ humanAgent: true });

    t.clock.advance(6 * 24 * HOUR);
    expect(await errorOf(await send(ws, id, { account, text: "Still there?", humanAgent: true }))).toMatchObject({ code: "page_reply_window_closed" });
    expect((await messages(ws, id)).items).toHaveLength(2);
  });
});

describe("media in a reply", () => {
  it("Facebook: a file from the media library goes after the text, as its own message", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "facebook");
    await ws.post(`/v1/social-accounts/${account}/webhook`, {});
    await receive(ws, account, "can I see it?");
    const id = (await conversations(ws)).items[0]?.id ?? "";
    const uploaded = (await ws.post("/v1/media", undefined, { raw: jpeg(640, 480), headers: { "content-type": "image/jpeg" } })).body;
    t.clock.advance(1000);
    const reply = await send(ws, id, { account, text: "here it is", media: [uploaded.id] });
    expect(reply.status, await reply.clone().text()).toBe(200);
    const [file, text] = (await messages(ws, id)).items;
    expect(text).toMatchObject({ direction: "out", text: "here it is" });
    expect(file).toMatchObject({ direction: "out", text: null, attachments: [{ type: "image", url: expect.stringContaining(uploaded.id) }] });
  });
});

describe("Instagram conversations, both doors", () => {
  it("Instagram login: lists, reads and replies; past 24 h the reply is photo_reply_window_closed and humanAgent is accepted", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "instagram");
    expect((await ws.post(`/v1/social-accounts/${account}/webhook`, {})).status).toBe(200);
    await receive(ws, account, "Do you ship to Norway?", "nora.visitor");
    const [conversation] = (await conversations(ws)).items;
    expect(conversation).toMatchObject({ account, platform: "instagram", participants: [{ handle: "nora.visitor", url: "https://www.instagram.com/nora.visitor" }] });
    const id = conversation?.id ?? "";
    t.clock.advance(1000);
    expect((await send(ws, id, { account, text: "We do!" })).status).toBe(200);
    t.clock.advance(30 * HOUR);
    expect(await errorOf(await send(ws, id, { account, text: "Any news?" }))).toMatchObject({ code: "photo_reply_window_closed", platform: "instagram" });
    expect((await send(ws, id, { account, text: "Nora from support: it left today", humanAgent: true })).status).toBe(200);
    expect((await messages(ws, id)).items.map((m) => m.direction)).toEqual(["out", "out", "in"]);
  });

  it("Facebook login: the linked page's Instagram inbox", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "instagram", { variant: "facebook_login" });
    expect((await ws.post(`/v1/social-accounts/${account}/webhook`, {})).status).toBe(200);
    await receive(ws, account, "hello via the page");
    const [conversation] = (await conversations(ws)).items;
    expect(conversation).toMatchObject({ account, platform: "instagram", unread: true });
    t.clock.advance(1000);
    const reply = await send(ws, conversation?.id ?? "", { account, text: "hi!" });
    expect(reply.status, await reply.clone().text()).toBe(200);
    expect((await messages(ws, conversation?.id ?? "")).items[0]).toMatchObject({ direction: "out", text: "hi!" });
  });
});

describe("X direct messages", () => {
  it("groups DM events into conversations, reads one and replies, with no reply window", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "twitter");
    await receive(ws, account, "hey, quick question", "xavier_dm");
    t.clock.advance(1000);
    await receive(ws, account, "about your last post", "xavier_dm");
    t.clock.advance(1000);
    await receive(ws, account, "hello from someone else", "yara_dm");

    const page = await conversations(ws);
    expect(page.problems).toEqual([]);
    expect(page.items.map((c) => c.participants[0]?.handle)).toEqual(["yara_dm", "xavier_dm"]);
    const xavier = page.items[1];
    expect(xavier).toMatchObject({ platform: "twitter", replyBy: null, unread: null, networkConversationId: expect.stringMatching(/^\d+-\d+$/) });
    expect(xavier?.participants[0]).toMatchObject({ url: "https://x.com/xavier_dm" });

    t.clock.advance(10 * 24 * HOUR);
    const reply = await send(ws, xavier?.id ?? "", { account, text: "Sure, ask away", humanAgent: false });
    expect(reply.status, await reply.clone().text()).toBe(200);
    const read = await messages(ws, xavier?.id ?? "");
    expect(read.items.map((m) => [m.direction, m.text])).toEqual([
      ["out", "Sure, ask away"],
      ["in", "about your last post"],
      ["in", "hey, quick question"],
    ]);
  });

  it("pages messages with a signed cursor that another conversation refuses", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "twitter");
    for (const text of ["one", "two", "three"]) {
      await receive(ws, account, text, "pager_dm");
      t.clock.advance(1000);
    }
    await receive(ws, account, "other", "other_dm");
    const [other, pager] = (await conversations(ws)).items;
    const first = await messages(ws, pager?.id ?? "", "?limit=2");
    expect(first.items.map((m) => m.text)).toEqual(["three", "two"]);
    const second = await messages(ws, pager?.id ?? "", `?limit=2&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(second).toMatchObject({ items: [{ text: "one" }], cursor: null });
    const replayed = await ws.get(`/v1/conversations/${other?.id ?? ""}/messages?cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(replayed.error).toMatchObject({ code: "cursor_invalid", param: "cursor" });
  });

  it("refuses media on X DMs before anything is sent", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "twitter");
    await receive(ws, account, "send me a photo", "media_dm");
    const id = (await conversations(ws)).items[0]?.id ?? "";
    expect(await errorOf(await send(ws, id, { account, text: "here", media: ["med_doesnotmatter"] }))).toMatchObject({ code: "capability_unsupported", param: "media", platform: "twitter" });
    expect((await messages(ws, id)).items).toHaveLength(1);
  });
});

describe("Bluesky chat", () => {
  it("lists conversations through the chat proxy, reads them and replies; media is refused", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    await receive(ws, account, "hi from chat", "carla.chat.test");
    const [conversation] = (await conversations(ws)).items;
    expect(conversation).toMatchObject({ account, platform: "bluesky", replyBy: null, unread: true, participants: [{ handle: "carla.chat.test", url: "https://bsky.app/profile/carla.chat.test" }] });
    expect(conversation?.participants[0]?.id).toMatch(/^did:plc:/);
    const id = conversation?.id ?? "";
    t.clock.advance(1000);
    const reply = await send(ws, id, { account, text: "hello back" });
    expect(reply.status, await reply.clone().text()).toBe(200);
    expect((await messages(ws, id)).items.map((m) => [m.direction, m.text])).toEqual([
      ["out", "hello back"],
      ["in", "hi from chat"],
    ]);
    expect((await conversations(ws)).items[0]?.unread).toBe(false);
    expect(await errorOf(await send(ws, id, { account, text: "pic", media: ["med_abc"] }))).toMatchObject({ code: "capability_unsupported", param: "media", platform: "bluesky" });
  });

  it("a token without chat access is missing_scope on the read and a problems entry on the list", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    await receive(ws, account, "hello", "dora.chat.test");
    const id = (await conversations(ws)).items[0]?.id ?? "";
    expect((await ws.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault: "revoked_permission" })).status).toBe(200);
    expect((await ws.get(`/v1/conversations/${id}/messages`)).error).toMatchObject({ code: "missing_scope", platform: "bluesky" });
    const page = await conversations(ws);
    expect(page.items).toEqual([]);
    expect(page.problems).toEqual([expect.objectContaining({ account, platform: "bluesky", code: "missing_scope" })]);
  });
});
