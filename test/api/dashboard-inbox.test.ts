import { beforeAll, describe, expect, it } from "vitest";
import { connect as connectStats, publishText } from "./analytics-helpers.js";
import { HOUR, connect as connectDm, conversations, messages, receive } from "../support/conversations.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** The hidden fields of the form whose action is `action`, as the page rendered them. */
function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  expect(start, `a form posting to ${action}`).toBeGreaterThan(-1);
  const form = html.slice(start, html.indexOf("</form>", start));
  return Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? "", m[2] ?? ""]));
}

const activity = (ws: WorkspaceFixture, account: string, json: Record<string, unknown>) => ws.post(`/v1/sandbox/social-accounts/${account}/activity`, json);

async function comment(t: TestApp, ws: WorkspaceFixture, account: string, post: string, actor: string, text: string): Promise<string> {
  t.clock.advance(1000);
  const response = await activity(ws, account, { action: "reply", post, actor, text });
  expect(response.status, response.text).toBe(201);
  return response.body.networkId;
}

interface ApiComment {
  id: string;
  text: string;
  hidden: boolean | null;
  own: boolean;
  replies?: ApiComment[];
}

/** Every comment on the post through the API, answers included, flattened. */
async function apiComments(ws: WorkspaceFixture, post: string): Promise<ApiComment[]> {
  const response = await ws.get(`/v1/posts/${post}/comments?nested=true`);
  expect(response.status).toBe(200);
  const flat = (items: ApiComment[]): ApiComment[] => items.flatMap((c) => [c, ...flat(c.replies ?? [])]);
  return flat(response.body.items);
}

const commentAction = (id: string, verb: string) => `/dashboard/comments/${encodeURIComponent(id)}/${verb}`;

describe("dashboard inbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("lists notifications with the networks that cannot, and marks Bluesky seen while naming the skipped", async () => {
    const ws = await testWorkspace(t);
    const sky = await connectStats(ws, "bluesky");
    const pin = await connectStats(ws, "pinterest");
    const post = await publishText(ws, sky, "hello inbox page");
    t.clock.advance(1000);
    expect((await activity(ws, sky, { action: "like", post: post.id, actor: "carol.sandbox.test" })).status).toBe(201);
    const session = await DashboardSession.open(t, ws);

    const inbox = await session.page("/dashboard/inbox");
    expect(inbox.status).toBe(200);
    expect(inbox.html).toContain('aria-current="page">Inbox');
    expect(inbox.html).toContain('aria-label="Inbox"');
    expect(inbox.html).toContain("likes from @carol.sandbox.test");
    expect(inbox.html).toContain(`href="/dashboard/posts/${post.id}/comments"`);
    expect(inbox.html).toMatch(/class="unseen"/);
    // Pinterest has no notifications: named with its code, never a silent gap.
    expect(inbox.html).toContain('id="problems"');
    expect(inbox.html).toContain(`<code>${pin}</code>: <code>capability_unsupported</code>`);
    // Said once, in words, with the codes under Details rather than as a list of errors.
    expect(inbox.html).toContain("Pinterest has no inbox that Chorus can read.");
    expect(inbox.html.match(/Pinterest has no/g)).toHaveLength(1);

    const refused = await session.submit("/dashboard/inbox/seen", {}, { csrf: false });
    expect(refused.status).toBe(403);
    expect((await session.page("/dashboard/inbox")).html).toMatch(/class="unseen"/);

    const seen = await session.submit("/dashboard/inbox/seen", {});
    expect(seen.status).toBe(200);
    expect(seen.html).toContain('id="seen-result"');
    expect(seen.html).toContain(`bluesky ${sky}`);
    expect(seen.html).toContain('id="seen-skipped"');
    expect(seen.html).not.toMatch(/class="unseen"/);
  });

  it("moderates comments from the post page: reply, hide and unhide on X, delete refused with its fix, then its own reply deleted", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connectStats(ws, "twitter");
    const post = await publishText(ws, x, "a tweet people answer on the dashboard");
    const first = await comment(t, ws, x, post.id, "x_carol", "first!");
    const session = await DashboardSession.open(t, ws);

    const postPage = await session.page(`/dashboard/posts/${post.id}`);
    expect(postPage.html).toContain(`href="/dashboard/posts/${post.id}/comments"`);
    expect(postPage.html).toContain(`href="/dashboard/posts/${post.id}/analytics"`);
    const listed = await session.page("/dashboard/inbox/comments");
    expect(listed.html).toContain(`href="/dashboard/posts/${post.id}/comments"`);

    const page = await session.page(`/dashboard/posts/${post.id}/comments`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("@x_carol");
    expect(page.html).toContain("first!");
    const fields = formFields(page.html, commentAction(first, "reply"));
    expect(fields).toMatchObject({ account: x, post: post.id });

    const noCsrf = await session.submit(commentAction(first, "reply"), { account: x, post: post.id, text: "sneaky" }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await apiComments(ws, post.id)).map((c) => c.text)).toEqual([expect.stringContaining("first!")]);

    const replied = await session.submit(commentAction(first, "reply"), { ...fields, text: "thanks Carol" });
    expect(replied.status, replied.html).toBe(303);
    expect(replied.location).toBe(`/dashboard/posts/${post.id}/comments?done=replied`);
    const after = await session.page(replied.location ?? "");
    expect(after.html).toContain("Your reply was posted.");
    expect(after.html).toContain("thanks Carol");
    const own = (await apiComments(ws, post.id)).find((c) => c.own);
    expect(own?.text).toContain("thanks Carol");

    const hidden = await session.submit(commentAction(first, "hide"), { account: x, post: post.id, hidden: "true" });
    expect(hidden.location).toBe(`/dashboard/posts/${post.id}/comments?done=hidden`);
    const shown = await session.submit(commentAction(first, "hide"), { account: x, post: post.id, hidden: "false" });
    expect(shown.location).toBe(`/dashboard/posts/${post.id}/comments?done=unhidden`);

    // X deletes only the account's own replies: the refusal's code and fix are on the page.
    // Deleting asks first (confirm-step.tsx): the question, the same form again, nothing removed yet.
    const asked = await session.submit(commentAction(first, "delete"), { account: x, post: post.id });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Delete this comment?");
    expect(formFields(asked.html, commentAction(first, "delete"))).toMatchObject({ account: x, post: post.id, confirmed: "yes" });
    const notOwn = await session.submit(commentAction(first, "delete"), { account: x, post: post.id, confirmed: "yes" });
    expect(notOwn.status).toBe(422);
    expect(notOwn.html).toContain("comment_not_own");
    expect(notOwn.html).toMatch(/fix/i);
    const deleted = await session.submit(commentAction(own?.id ?? "", "delete"), { account: x, post: post.id, confirmed: "yes" });
    expect(deleted.location).toBe(`/dashboard/posts/${post.id}/comments?done=comment_deleted`);
    expect((await apiComments(ws, post.id)).some((c) => c.own)).toBe(false);
  });

  it("shows a network's refusal to hide (Pinterest has no hiding) with its code and fix", async () => {
    const ws = await testWorkspace(t);
    const sky = await connectStats(ws, "bluesky");
    const pin = await connectStats(ws, "pinterest");
    const post = await publishText(ws, sky, "hide me if you can");
    const first = await comment(t, ws, sky, post.id, "carol.sandbox.test", "a reply");
    const session = await DashboardSession.open(t, ws);
    await session.page(`/dashboard/posts/${post.id}/comments`);
    const refused = await session.submit(commentAction(first, "hide"), { account: pin, post: post.id, hidden: "true" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("comment_hide_unsupported");
    expect(refused.html).toContain("comments.hide");
    const bad = await session.submit(commentAction(first, "hide"), { account: sky, post: post.id, hidden: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("field_invalid");
  });

  it("lists conversations with the reply window, reads one, replies, and explains humanAgent past 24 hours", async () => {
    const ws = await testWorkspace(t);
    const fb = await connectDm(ws, "facebook");
    expect((await ws.post(`/v1/social-accounts/${fb}/webhook`, {})).status).toBe(200);
    await receive(ws, fb, "Are you open today?");
    const sentAt = t.clock.now();
    const id = (await conversations(ws)).items[0]?.id ?? "";
    expect(id).toMatch(/^cnv_/);
    let session = await DashboardSession.open(t, ws);

    const list = await session.page("/dashboard/inbox/conversations");
    expect(list.status).toBe(200);
    expect(list.html).toContain("@ada.visitor");
    const replyBy = new Date(sentAt.getTime() + 24 * HOUR)
      .toISOString()
      .replace("T", " ")
      .replace(/(:\d\d)(\.\d+)?Z$/, "$1 UTC");
    expect(list.html).toContain(`Reply by ${replyBy}`);
    expect(list.html).toContain(`href="/dashboard/inbox/conversations/${id}"`);
    // The last message is previewed, in the conversations tab and in the unified inbox.
    expect(list.html).toMatch(/class="quote preview">@ada\.visitor: Are you open today\?/);
    const all = await session.page("/dashboard/inbox");
    expect(all.html).toContain(`href="/dashboard/inbox/conversations/${id}"`);
    expect(all.html).toMatch(/class="quote preview">@ada\.visitor: Are you open today\?/);

    const one = await session.page(`/dashboard/inbox/conversations/${id}`);
    expect(one.status).toBe(200);
    expect(one.html).toContain("Are you open today?");
    expect(one.html).toContain('aria-describedby="human-agent-help"');
    expect(formFields(one.html, `/dashboard/inbox/conversations/${id}/reply`)).toMatchObject({ account: fb });

    const noCsrf = await session.submit(`/dashboard/inbox/conversations/${id}/reply`, { account: fb, text: "sneaky" }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await messages(ws, id)).items).toHaveLength(1);

    t.clock.advance(HOUR);
    // Sessions end after 30 idle minutes: the clock's jumps need a fresh sign-in.
    session = await DashboardSession.open(t, ws);
    // The form as the page renders it, with its submission id (a double click sends once).
    await session.page(`/dashboard/inbox/conversations/${id}`);
    const sent = await session.submit(`/dashboard/inbox/conversations/${id}/reply`, { account: fb, text: "Yes, until 6 pm." });
    expect(sent.status, sent.html).toBe(303);
    expect((await session.page(sent.location ?? "")).html).toContain("Yes, until 6 pm.");

    t.clock.advance(25 * HOUR);
    session = await DashboardSession.open(t, ws);
    expect((await session.page("/dashboard/inbox/conversations")).html).toContain("Reply window closed");
    await session.page(`/dashboard/inbox/conversations/${id}`);
    const closed = await session.submit(`/dashboard/inbox/conversations/${id}/reply`, { account: fb, text: "Sorry for the wait" });
    expect(closed.status).toBe(422);
    expect(closed.html).toContain("page_reply_window_closed");
    const human = await session.submit(`/dashboard/inbox/conversations/${id}/reply`, { account: fb, text: "Ada here, sorry", humanAgent: "1" });
    expect(human.status, human.html).toBe(303);
    expect((await messages(ws, id)).items.map((m) => m.text)).toEqual(["Ada here, sorry", "Yes, until 6 pm.", "Are you open today?"]);
  });

  it("merges notifications and conversations newest first, each conversation with its last message", async () => {
    const ws = await testWorkspace(t);
    const sky = await connectStats(ws, "bluesky");
    const fb = await connectDm(ws, "facebook");
    expect((await ws.post(`/v1/social-accounts/${fb}/webhook`, {})).status).toBe(200);
    const post = await publishText(ws, sky, "merged inbox post");
    t.clock.advance(60_000);
    expect((await activity(ws, sky, { action: "like", post: post.id, actor: "early.sandbox.test" })).status).toBe(201);
    t.clock.advance(60_000);
    await receive(ws, fb, "Middle message");
    t.clock.advance(60_000);
    expect((await activity(ws, sky, { action: "like", post: post.id, actor: "late.sandbox.test" })).status).toBe(201);
    const session = await DashboardSession.open(t, ws);
    const html = (await session.page("/dashboard/inbox")).html;
    const late = html.indexOf("from @late.sandbox.test");
    const middle = html.indexOf("Middle message");
    const early = html.indexOf("from @early.sandbox.test");
    expect(late, "the newest like is listed").toBeGreaterThan(-1);
    expect(middle, "the conversation's last message is previewed").toBeGreaterThan(late);
    expect(early).toBeGreaterThan(middle);
  });

  it("shows a network that is down as a problem with its code on the inbox, conversation and analytics pages, beside the healthy account", async () => {
    const ws = await testWorkspace(t);
    const healthy = await connectStats(ws, "bluesky");
    const down = await connectStats(ws, "bluesky");
    const post = await publishText(ws, healthy, "still here");
    t.clock.advance(1000);
    expect((await activity(ws, healthy, { action: "like", post: post.id, actor: "carol.sandbox.test" })).status).toBe(201);
    expect((await ws.put(`/v1/sandbox/social-accounts/${down}/fault`, { fault: "down" })).status).toBe(200);
    const session = await DashboardSession.open(t, ws);
    for (const path of ["/dashboard/inbox", "/dashboard/inbox/conversations", "/dashboard/analytics?period=7d"]) {
      const page = await session.page(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toContain(`<code>${down}</code>: <code>platform_unavailable</code>`);
      expect(page.html, path).toContain("(temporary: try again shortly)");
    }
    expect((await session.page("/dashboard/inbox")).html).toContain("likes from @carol.sandbox.test");
  });

  it("answers 404 for another workspace's post, comment account and conversation, writing nothing", async () => {
    const a = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connectStats(a, "twitter");
    const post = await publishText(a, x, "only for workspace A");
    const first = await comment(t, a, x, post.id, "x_carol", "hello A");
    const fb = await connectDm(a, "facebook");
    await a.post(`/v1/social-accounts/${fb}/webhook`, {});
    await receive(a, fb, "private to A");
    const conversation = (await conversations(a)).items[0]?.id ?? "";

    const b = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const bPost = await publishText(b, await connectStats(b, "twitter"), "B's own post");
    const session = await DashboardSession.open(t, b);
    for (const path of [`/dashboard/posts/${post.id}/comments`, `/dashboard/posts/${post.id}/analytics`, `/dashboard/inbox/conversations/${conversation}`]) {
      expect((await session.page(path)).status, path).toBe(404);
    }
    for (const path of ["/dashboard/inbox", "/dashboard/inbox/conversations", "/dashboard/inbox/comments", "/dashboard/analytics"]) {
      const page = await session.page(path);
      expect(page.status, path).toBe(200);
      for (const secret of [post.id, x, fb, "private to A", "hello A"]) expect(page.html, `${path} shows ${secret}`).not.toContain(secret);
    }
    await session.page(`/dashboard/posts/${bPost.id}/comments`);
    // Reply forms carry a submission id (form-once.ts); B's pages render none for A's comment.
    const submission = "B".repeat(32);
    expect((await session.submit(commentAction(first, "reply"), { account: x, post: bPost.id, text: "from B", submission })).status).toBe(404);
    expect((await session.submit(commentAction(first, "hide"), { account: x, post: bPost.id, hidden: "true" })).status).toBe(404);
    // Another workspace's comment account is a 404 before the confirmation step, and after it.
    expect((await session.submit(commentAction(first, "delete"), { account: x, post: bPost.id })).status).toBe(404);
    expect((await session.submit(commentAction(first, "delete"), { account: x, post: bPost.id, confirmed: "yes" })).status).toBe(404);
    expect((await session.submit(`/dashboard/inbox/conversations/${conversation}/reply`, { account: fb, text: "from B", submission })).status).toBe(404);
    expect((await apiComments(a, post.id)).map((c) => c.text)).toEqual([expect.stringContaining("hello A")]);
    expect((await messages(a, conversation)).items).toHaveLength(1);
  });
});

describe("dashboard analytics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("shows per network and per account totals, the daily series as SVG with its table, and the problems", async () => {
    const ws = await testWorkspace(t);
    const sky = await connectStats(ws, "bluesky");
    const pin = await connectStats(ws, "pinterest");
    const tiktok = await connectStats(ws, "googlebusiness");
    const post = await publishText(ws, sky, "count me");
    t.clock.advance(1000);
    expect((await activity(ws, sky, { action: "like", post: post.id, actor: "carol.sandbox.test" })).status).toBe(201);
    const session = await DashboardSession.open(t, ws);

    const page = await session.page("/dashboard/analytics?period=7d");
    expect(page.status).toBe(200);
    expect(page.html).toContain('aria-current="page">Analytics');
    expect(page.html).toContain('href="/dashboard/analytics?period=7d" aria-current="page"');
    expect(page.html).toContain('id="network-totals"');
    expect(page.html).toContain(`data-account="${sky}"`);
    expect(page.html).toContain('data-platform="bluesky"');
    expect(page.html).toContain(`data-account="${pin}"`);
    expect(page.html).toMatch(/<svg[^>]+role="img"[^>]+aria-labelledby="daily-views-title daily-views-desc"/);
    expect(page.html).toContain("Views per day as a table");
    expect((page.html.match(/<th scope="row"(?: data-label="[^"]*")?>\d{4}-\d\d-\d\d<\/th>/g) ?? []).length).toBeGreaterThanOrEqual(7);
    void tiktok;

    const thirty = await session.page("/dashboard/analytics");
    expect(thirty.html).toContain('href="/dashboard/analytics?period=30d" aria-current="page"');
    const bad = await session.page("/dashboard/analytics?period=1y");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("field_invalid");
  });

  it("shows one post's numbers per target, and a target without numbers with its code", async () => {
    const ws = await testWorkspace(t);
    const sky = await connectStats(ws, "bluesky");
    const post = await publishText(ws, sky, "numbers for this one");
    t.clock.advance(1000);
    expect((await activity(ws, sky, { action: "like", post: post.id, actor: "carol.sandbox.test" })).status).toBe(201);
    const session = await DashboardSession.open(t, ws);
    const page = await session.page(`/dashboard/posts/${post.id}/analytics`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-platform="bluesky"');
    expect(page.html).toMatch(/<dt>Likes<\/dt><dd>1<\/dd>/);
  });
});
