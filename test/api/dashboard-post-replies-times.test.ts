import { beforeAll, describe, expect, it } from "vitest";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * The draft edit page shows and saves the first comment and the thread's items (through PATCH, so
 * an untouched one is not sent and an item's files are kept); the post page shows its times in
 * the zone the address names, with the offset, without script.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function bluesky(ws: WorkspaceFixture, handle: string) {
  return ws.connect("bluesky", { handle, appPassword: "abcd-efgh-ijkl-mnop" });
}

describe("the dashboard's edit page with a first comment and a thread", () => {
  it("shows a draft's comment and items, saves changed ones, keeps an item's files and removes an emptied comment", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws, "replies-edit.test");
    const file = (await ws.upload(jpeg(800, 800), "image/jpeg")).id;
    const draft = await ws.publish({
      text: "draft with replies",
      accounts: [account.id],
      draft: true,
      firstComment: { text: "the comment" },
      thread: [{ text: "item two", media: [file], mediaAlt: ["A square"] }, { text: "item three" }],
    });
    const session = await DashboardSession.open(t, ws);
    const page = await session.page(`/dashboard/posts/${draft.id}/edit`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<textarea id="firstComment"[^>]*>the comment<\/textarea>/);
    expect(page.html).toMatch(/<textarea id="thread-0"[^>]*>item two<\/textarea>/);
    expect(page.html).toMatch(/<textarea id="thread-1"[^>]*>item three<\/textarea>/);

    const saved = await session.submit(`/dashboard/posts/${draft.id}/edit`, {
      text: "draft with replies",
      firstComment: "the new comment",
      thread: ["item two, edited", "item three", ""],
      action: "save",
    });
    expect(saved.status, saved.html).toBe(303);
    const after = (await ws.get(`/v1/posts/${draft.id}`)).body;
    expect(after.firstComment).toEqual({ text: "the new comment" });
    expect(after.thread).toEqual([
      { text: "item two, edited", media: [file], mediaAlt: ["A square"] },
      { text: "item three", media: [], mediaAlt: [] },
    ]);

    // The comment emptied: removed; the items untouched: not sent, so they stay as stored.
    await session.page(`/dashboard/posts/${draft.id}/edit`);
    expect((await session.submit(`/dashboard/posts/${draft.id}/edit`, { text: "draft with replies", firstComment: "", thread: ["item two, edited", "item three"], action: "save" })).status).toBe(303);
    const cleared = (await ws.get(`/v1/posts/${draft.id}`)).body;
    expect(cleared.firstComment).toBeNull();
    expect(cleared.thread?.map((item) => item.text)).toEqual(["item two, edited", "item three"]);

    // The first item removed: the files were that item's, so the one left (moved up) does not take them.
    await session.page(`/dashboard/posts/${draft.id}/edit`);
    expect((await session.submit(`/dashboard/posts/${draft.id}/edit`, { text: "draft with replies", thread: ["item three"], action: "save" })).status).toBe(303);
    expect((await ws.get(`/v1/posts/${draft.id}`)).body.thread).toEqual([{ text: "item three", media: [], mediaAlt: [] }]);
  });

  it("keeps the form as typed and says why when a scheduled post's comment is refused", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const pin = await ws.connect("pinterest");
    const boardId = (await ws.get(`/v1/social-accounts/${pin.id}/targets`)).body.items[0]?.id ?? "";
    const image = (await ws.upload(jpeg(1000, 1500), "image/jpeg")).id;
    const at = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const post = await ws.publish({ text: "a pin", accounts: [pin.id], media: [image], scheduledAt: at, timezone: "UTC", platformOptions: { pinterest: { boardId, title: "Pin" } } });
    const session = await DashboardSession.open(t, ws);
    const page = await session.page(`/dashboard/posts/${post.id}/edit`);
    const date = /name="scheduleDate"[^>]*value="([^"]+)"/.exec(page.html)?.[1] ?? "";
    const time = /name="scheduleTime"[^>]*value="([^"]+)"/.exec(page.html)?.[1] ?? "";
    const refused = await session.submit(`/dashboard/posts/${post.id}/edit`, {
      text: "a pin",
      media: image,
      mediaAlt: "",
      [`dest_pinterest`]: boardId,
      firstComment: "pins take no comments",
      scheduleDate: date,
      scheduleTime: time,
      timezone: "UTC",
      action: "save",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("pins take no comments");
    expect(refused.html).toContain("Pinterest");
    expect((await ws.get(`/v1/posts/${post.id}`)).body.firstComment).toBeNull();
  });
});

describe("the post page's times", () => {
  it("shows them in the zone the address names, with the offset, and refuses an unknown zone", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws, "replies-times.test");
    const post = await ws.publish({ text: "evening in Berlin", accounts: [account.id], scheduledAt: "2030-01-10T21:30:00", timezone: "Europe/Berlin" });
    const session = await DashboardSession.open(t, ws);

    const tokyo = await session.page(`/dashboard/posts/${post.id}?tz=Asia%2FTokyo`);
    expect(tokyo.status).toBe(200);
    // 21:30 in Berlin (UTC+1 in January) is 20:30 UTC, 05:30 the next day in Tokyo.
    expect(tokyo.html).toContain("scheduled for 2030-01-11 05:30 UTC+09:00 (set in Europe/Berlin)");
    expect(tokyo.html).toMatch(/<option value="Asia\/Tokyo" selected/);
    const newfoundland = await session.page(`/dashboard/posts/${post.id}?tz=America%2FSt_Johns`);
    expect(newfoundland.html).toContain("scheduled for 2030-01-10 17:00 UTC-03:30");
    // No zone in the address: UTC, and the picker marked so the script reopens it in the browser's zone.
    const plain = await session.page(`/dashboard/posts/${post.id}`);
    expect(plain.html).toContain("scheduled for 2030-01-10 20:30 UTC (set in Europe/Berlin)");
    expect(plain.html).toContain('id="post-tz" name="tz" data-calendar-zone="" data-chosen="no"');

    const unknown = await session.page(`/dashboard/posts/${post.id}?tz=Mars%2FOlympus`);
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("Mars/Olympus is not a time zone this server knows.");

    const other = await DashboardSession.open(t, await ws.otherWorkspace());
    expect((await other.page(`/dashboard/posts/${post.id}?tz=Asia%2FTokyo`)).status).toBe(404);
  });
});
