import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../src/db/schema/index.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;

async function connect(ws: WorkspaceFixture, platform: string, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

const rowOf = async (id: string) => (await t.db.select().from(posts).where(eq(posts.id, id)))[0];

/** Drafts and scheduled posts from the dashboard, through the API's editPost, publishDraft and deletePost. */
describe("drafts and scheduled posts in the dashboard", { timeout: 90_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("opens a draft, edits its text and alt text, publishes it, and it is published", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "twitter", "draft-x");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const saved = await session.submit("/dashboard/compose", { text: "First try", accounts: [account], action: "draft" });
    expect(saved.status, saved.html).toBe(303);
    const id = (saved.location ?? "").split("/").at(-1) ?? "";
    const post = await session.page(`/dashboard/posts/${id}`);
    expect(post.html).toContain('id="edit-post"');
    expect(post.html).toContain('id="delete-draft"');
    const edit = await session.page(`/dashboard/posts/${id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain("First try");

    const changed = await session.submit(`/dashboard/posts/${id}/edit`, { text: "Second try", action: "save" });
    expect(changed.status, changed.html).toBe(303);
    expect((await rowOf(id))?.text).toBe("Second try");
    expect((await rowOf(id))?.state).toBe("draft");

    const published = await session.submit(`/dashboard/posts/${id}/edit`, { text: "Final words", action: "publish" });
    expect(published.status, published.html).toBe(303);
    const row = await rowOf(id);
    expect(row?.text).toBe("Final words");
    expect(row?.state).toBe("published");
    const api = await ws.get(`/v1/posts/${id}`);
    expect(api.body.targets[0]?.state).toBe("published");
  });

  it("keeps a draft a draft when a network would refuse it, saying why in plain words", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const pin = await connect(ws, "pinterest", "draft-pin");
    const draft = await ws.post("/v1/posts", { text: "A pin with no image", accounts: [pin], draft: true });
    expect(draft.status, draft.text).toBe(201);
    const session = await DashboardSession.open(t, ws);
    await session.page(`/dashboard/posts/${draft.body.id}`);
    const refused = await session.submit(`/dashboard/posts/${draft.body.id}/publish`, {});
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("will be refused");
    expect(refused.html).not.toMatch(/\/v1\/|`/);
    expect((await rowOf(draft.body.id))?.state).toBe("draft");
  });

  it("deletes a draft only after the confirmation, and never another workspace's", async () => {
    const ws = await testWorkspace(t);
    const other = await testWorkspace(t);
    const account = await connect(ws, "twitter", "draft-del");
    const theirAccount = await connect(other, "twitter", "draft-theirs");
    const mine = (await ws.post("/v1/posts", { text: "Delete me", accounts: [account], draft: true })).body.id as string;
    const theirs = (await other.post("/v1/posts", { text: "Not yours", accounts: [theirAccount], draft: true })).body.id as string;
    const session = await DashboardSession.open(t, ws);
    await session.page(`/dashboard/posts/${mine}`);

    const asked = await session.submit(`/dashboard/posts/${mine}/delete`, {});
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Delete this draft?");
    expect(await rowOf(mine)).toBeDefined();
    const deleted = await session.submit(`/dashboard/posts/${mine}/delete`, { confirmed: "yes" });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/dashboard/posts?done=deleted");
    expect(await rowOf(mine)).toBeUndefined();

    for (const path of [`/dashboard/posts/${theirs}/delete`, `/dashboard/posts/${theirs}/publish`, `/dashboard/posts/${theirs}/edit`]) {
      const answer = await session.submit(path, { confirmed: "yes", text: "taken over", action: "publish" });
      expect(answer.status, path).toBe(404);
    }
    expect((await session.page(`/dashboard/posts/${theirs}/edit`)).status).toBe(404);
    const row = await rowOf(theirs);
    expect(row?.state).toBe("draft");
    expect(row?.text).toBe("Not yours");
  });

  it("reschedules in the chosen timezone, and refuses Schedule without a time, storing nothing", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "twitter", "draft-sched");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const noTime = await session.submit("/dashboard/compose", { text: "When?", accounts: [account], action: "schedule", scheduleDate: "", scheduleTime: "", timezone: "UTC" });
    expect(noTime.status).toBe(400);
    expect(noTime.html).toContain("Schedule needs a date and a time");
    expect(noTime.html).toContain("When?");
    const halfTime = await session.submit("/dashboard/compose", { text: "When?", accounts: [account], action: "schedule", scheduleDate: "2030-03-01", scheduleTime: "", timezone: "UTC" });
    expect(halfTime.status).toBe(400);
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(0);

    await session.page("/dashboard/compose");
    const scheduled = await session.submit("/dashboard/compose", {
      text: "In Berlin",
      accounts: [account],
      action: "schedule",
      scheduleDate: "2030-03-01",
      scheduleTime: "09:30",
      timezone: "Europe/Berlin",
    });
    expect(scheduled.status, scheduled.html).toBe(303);
    const id = (scheduled.location ?? "").split("/").at(-1) ?? "";
    expect((await rowOf(id))?.scheduledAt?.toISOString()).toBe("2030-03-01T08:30:00.000Z");
    const edit = await session.page(`/dashboard/posts/${id}/edit`);
    expect(edit.html).toContain('value="2030-03-01"');
    expect(edit.html).toContain('value="09:30"');
    expect(edit.html).toMatch(/<option value="Europe\/Berlin" selected/);

    const noTimeMove = await session.submit(`/dashboard/posts/${id}/edit`, { text: "In Berlin", scheduleDate: "", scheduleTime: "", timezone: "Europe/Berlin", action: "save" });
    expect(noTimeMove.status).toBe(400);
    const moved = await session.submit(`/dashboard/posts/${id}/edit`, { text: "In Lisbon", scheduleDate: "2030-03-02", scheduleTime: "10:00", timezone: "Europe/Lisbon", action: "save" });
    expect(moved.status, moved.html).toBe(303);
    const row = await rowOf(id);
    expect(row?.scheduledAt?.toISOString()).toBe("2030-03-02T10:00:00.000Z");
    expect(row?.text).toBe("In Lisbon");
    expect(row?.state).toBe("scheduled");
  });

  it("posts to a Facebook page chosen in the picker of the account's pages", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "facebook", "draft-fb");
    const targets = await ws.get(`/v1/social-accounts/${account}/targets`);
    expect(targets.status, targets.text).toBe(200);
    const page = targets.body.items[0] as { id: string; name: string };
    const session = await DashboardSession.open(t, ws);
    const compose = await session.page("/dashboard/compose");
    expect(compose.html).toContain('id="dest-facebook"');
    expect(compose.html).toContain(`value="${page.id}"`);
    const held = await session.submit("/dashboard/compose", { text: "To the page", accounts: [account], action: "publish" });
    expect(held.status, "no page chosen: refused, nothing stored").toBe(400);
    expect(held.html).toContain("Choose a page in the Facebook Pages picker");
    const published = await session.submit("/dashboard/compose", { text: "To the page", accounts: [account], dest_facebook: page.id, action: "publish" });
    expect(published.status, published.html).toBe(303);
    const id = (published.location ?? "").split("/").at(-1) ?? "";
    const api = await ws.get(`/v1/posts/${id}`);
    expect(api.body.state).toBe("published");
    expect(api.body.platformOptions.facebook?.pageId).toBe(page.id);
  });
});
