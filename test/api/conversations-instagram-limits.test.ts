import { beforeAll, describe, expect, it } from "vitest";
import { connect, conversations, messages, receive } from "../support/conversations.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every message of a conversation, page by page, as a client would read them. */
async function readAll(ws: Parameters<typeof messages>[0], id: string): Promise<{ texts: (string | null)[]; pages: number }> {
  const texts: (string | null)[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await messages(ws, id, `?limit=8${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    texts.push(...page.items.map((m) => m.text));
    cursor = page.cursor;
    pages += 1;
  } while (cursor !== null && pages < 10);
  return { texts, pages };
}

describe("Instagram conversations within what Instagram gives", () => {
  it("Instagram login: lists conversations without unread_count (unread is null), and the messages end at the newest 20", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "instagram");
    expect((await ws.post(`/v1/social-accounts/${account}/webhook`, {})).status).toBe(200);
    for (let i = 1; i <= 25; i++) {
      t.clock.advance(1000);
      await receive(ws, account, `message ${i}`, "nora.visitor");
    }
    const page = await conversations(ws);
    expect(page.problems).toEqual([]);
    expect(page.items).toEqual([expect.objectContaining({ account, platform: "instagram", unread: null })]);

    const { texts } = await readAll(ws, page.items[0]?.id ?? "");
    expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `message ${25 - i}`));
  });

  it("Facebook login: the page's Instagram inbox keeps unread, and its messages end at the newest 20 too", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "instagram", { variant: "facebook_login" });
    expect((await ws.post(`/v1/social-accounts/${account}/webhook`, {})).status).toBe(200);
    for (let i = 1; i <= 22; i++) {
      t.clock.advance(1000);
      await receive(ws, account, `note ${i}`);
    }
    const [conversation] = (await conversations(ws)).items;
    expect(conversation).toMatchObject({ unread: true });
    const { texts } = await readAll(ws, conversation?.id ?? "");
    expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `note ${22 - i}`));
  });
});
