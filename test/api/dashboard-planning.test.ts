import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { media, posts, sandboxRecords } from "../../src/db/schema/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";
import { randomString } from "../../src/infra/ids.js";

let t: TestApp;
const rowOf = async (id: string) => (await t.db.select().from(posts).where(eq(posts.id, id)))[0];

/** The HTML of one calendar day, from its opening tag to the next day's. */
function dayHtml(html: string, date: string): string {
  const start = html.indexOf(`id="day-${date}"`);
  expect(start, `day ${date} is on the page`).toBeGreaterThan(-1);
  const next = html.indexOf('class="cal-day', start + 1);
  return html.slice(start, next === -1 ? undefined : next);
}

/** A profile with a Bluesky account and a Berlin queue on Monday and Wednesday at 09:00. */
async function brand(ws: WorkspaceFixture, username: string) {
  const profile = (await ws.post("/v1/profiles", { username })).body;
  const account = await ws.connect("bluesky", { profile: username });
  const put = await ws.put(`/v1/profiles/${profile.id}/queue`, {
    timezone: "Europe/Berlin",
    slots: [
      { day: "mon", time: "09:00" },
      { day: "wed", time: "09:00" },
    ],
  });
  expect(put.status, put.text).toBe(200);
  return { profile, account };
}

const navigation = 'aria-label="Dashboard"';

describe("dashboard planning: calendar, list filters, publish now, approvals, queue, media, error pages", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp();
    // Monday 2027-01-04 09:00 in Berlin.
    t.clock.set(new Date("2027-01-04T08:00:00Z"));
  });

  it("shows the week and month in the viewer's zone with the queue's free slots, and moves a post by its form", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account } = await brand(ws, "cal-brand");
    const post = (await ws.post("/v1/posts", { text: "Tokyo morning", accounts: [account.id], profile: "cal-brand", scheduledAt: "2027-01-06T20:30:00Z" })).body;
    const session = await DashboardSession.open(t, ws);

    const week = await session.page("/dashboard/calendar?view=week&date=2027-01-06&tz=Asia%2FTokyo");
    expect(week.status, week.html.slice(0, 500)).toBe(200);
    expect(week.html).toContain(navigation);
    // 20:30 UTC on Wednesday is 05:30 on Thursday in Tokyo.
    const thursday = dayHtml(week.html, "2027-01-07");
    expect(thursday).toContain(`id="scheduled-${post.id}"`);
    expect(thursday).toContain(">05:30<");
    expect(thursday).toContain('draggable="true"');
    expect(dayHtml(week.html, "2027-01-06")).not.toContain(`scheduled-${post.id}`);
    // Wednesday 09:00 in Berlin (08:00 UTC) is 17:00 in Tokyo; Monday's slot is now, so no longer free.
    expect(dayHtml(week.html, "2027-01-06")).toMatch(/17:00<\/time> free queue slot, cal-brand/);
    expect(dayHtml(week.html, "2027-01-04")).not.toContain("free queue slot");
    expect(week.html).toContain('id="day-2027-01-10"');
    expect(week.html).not.toContain('id="day-2027-01-11"');

    const month = await session.page("/dashboard/calendar?view=month&date=2027-01-15&tz=UTC");
    expect(month.status).toBe(200);
    expect(month.html).toContain('class="cal-day outside empty" data-date="2026-12-28"');
    expect(month.html).toContain('id="day-2027-01-31"');
    expect(dayHtml(month.html, "2027-01-06")).toContain(`id="scheduled-${post.id}"`);
    expect(month.html).toContain("January 2027");

    // The Reschedule form (the keyboard's and no-script way; the script's drag submits the same form).
    const moved = await session.submit(`/dashboard/posts/${post.id}/move`, {
      scheduleDate: "2027-01-08",
      scheduleTime: "21:30",
      timezone: "Asia/Tokyo",
      view: "week",
      day: "2027-01-06",
      tz: "Asia/Tokyo",
    });
    expect(moved.status, moved.html).toBe(303);
    expect(moved.location).toBe("/dashboard/calendar?view=week&date=2027-01-06&tz=Asia%2FTokyo&done=moved");
    expect((await rowOf(post.id))?.scheduledAt?.toISOString()).toBe("2027-01-08T12:30:00.000Z");

    // A refused move keeps the navigation and what was typed.
    const refused = await session.submit(`/dashboard/posts/${post.id}/move`, {
      scheduleDate: "2027-01-09",
      scheduleTime: "",
      timezone: "Asia/Tokyo",
      view: "week",
      day: "2027-01-06",
      tz: "Asia/Tokyo",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(navigation);
    expect(refused.html).toContain('id="kept-form"');
    expect(refused.html).toMatch(/name="scheduleDate" value="2027-01-09"/);
    expect(refused.html).toContain('name="tz" value="Asia/Tokyo"');
    expect((await rowOf(post.id))?.scheduledAt?.toISOString()).toBe("2027-01-08T12:30:00.000Z");

    expect((await session.page("/dashboard/calendar?tz=Mars%2FOlympus")).status).toBe(400);
    expect((await session.page("/dashboard/calendar?date=2027-02-30")).status).toBe(400);

    // Another workspace cannot move, cancel or see the post.
    const other = await DashboardSession.open(t, await ws.otherWorkspace());
    expect((await other.page("/dashboard/calendar?view=week&date=2027-01-06&tz=UTC")).html).not.toContain(post.id);
    await other.page("/dashboard/calendar");
    expect((await other.submit(`/dashboard/posts/${post.id}/move`, { scheduleDate: "2027-01-09", scheduleTime: "10:00", timezone: "UTC" })).status).toBe(404);
    expect((await other.submit(`/dashboard/posts/${post.id}/cancel`, {})).status).toBe(404);
    expect((await other.submit(`/dashboard/posts/${post.id}/cancel`, { confirmed: "yes" })).status).toBe(404);
    expect((await rowOf(post.id))?.state).toBe("scheduled");
  });

  it("filters the list by state, network, profile and day, and refuses another workspace's profile", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { profile, account } = await brand(ws, "list-brand");
    const x = await ws.connect("twitter");
    const draft = (await ws.post("/v1/posts", { text: "x draft words", accounts: [x.id], draft: true })).body;
    const later = (await ws.post("/v1/posts", { text: "sky later words", accounts: [account.id], profile: "list-brand", scheduledAt: "2027-01-07T10:00:00Z" })).body;
    const session = await DashboardSession.open(t, ws);
    const has = async (query: string) => {
      const page = await session.page(`/dashboard/posts?${query}`);
      expect(page.status, `${query}: ${page.html.slice(0, 300)}`).toBe(200);
      return [draft.id, later.id].filter((id) => page.html.includes(`/dashboard/posts/${id}"`));
    };
    expect(await has("")).toEqual([draft.id, later.id]);
    expect(await has("network=bluesky")).toEqual([later.id]);
    expect(await has("network=twitter")).toEqual([draft.id]);
    expect(await has("state=draft")).toEqual([draft.id]);
    expect(await has(`profile=${profile.id}`)).toEqual([later.id]);
    expect(await has("from=2027-01-07&to=2027-01-07&tz=UTC")).toEqual([later.id]);
    // 10:00 UTC on the 7th is still the 7th in New York, and the 7th only.
    expect(await has("from=2027-01-08&tz=America%2FNew_York")).toEqual([]);
    expect(await has("from=2027-01-04&to=2027-01-04")).toEqual([draft.id]);
    expect((await session.page("/dashboard/posts?network=myspace")).status).toBe(400);

    const other = await ws.otherWorkspace();
    const theirs = (await other.post("/v1/profiles", { username: "their-brand" })).body;
    const refused = await session.page(`/dashboard/posts?profile=${theirs.id}`);
    expect(refused.status).toBe(404);
    expect(refused.html).toContain(navigation);
  });

  it("publishes a scheduled post now, once: its delivery later sends nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const text = `early bird ${randomString(8)}`;
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const post = (await ws.post("/v1/posts", { text, accounts: [account.id], scheduledAt: at })).body;
    const other = await DashboardSession.open(t, await ws.otherWorkspace());
    await other.page("/dashboard");
    expect((await other.submit(`/dashboard/posts/${post.id}/publish`, {})).status).toBe(404);
    expect((await rowOf(post.id))?.state).toBe("scheduled");

    const session = await DashboardSession.open(t, ws);
    expect((await session.page(`/dashboard/posts/${post.id}`)).html).toContain('id="publish-scheduled"');
    const sent = await session.submit(`/dashboard/posts/${post.id}/publish`, {});
    expect(sent.status, sent.html).toBe(303);
    expect((await ws.get(`/v1/posts/${post.id}`)).body).toMatchObject({ state: "published", targets: [{ state: "published", credits: 1 }] });
    expect((await session.submit(`/dashboard/posts/${post.id}/publish`, {})).location, "a published post has nothing to publish").toBe(`/dashboard/posts/${post.id}`);
    t.clock.advance(3_700_000);
    await runDueJobs(t.jobRuntime());
    const records = (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"))).filter((r) => JSON.stringify(r.data).includes(text) && r.kind.includes("record"));
    expect(records).toHaveLength(1);
    expect((await ws.get(`/v1/posts/${post.id}`)).body.targets[0]?.credits).toBe(1);
  });

  it("approves and rejects waiting posts (rejecting asks first and keeps the reason), and shows each profile's queue", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { profile, account } = await brand(ws, "queue-brand");
    const queued = (await ws.post("/v1/posts", { text: "queued words", accounts: [account.id], profile: "queue-brand", queue: true })).body;
    expect((await ws.patch("/v1/approval-settings", { requireApproval: true })).status).toBe(200);
    const first = (await ws.post("/v1/posts", { text: "approve me", accounts: [account.id] })).body;
    const second = (await ws.post("/v1/posts", { text: "reject me", accounts: [account.id] })).body;
    expect(first.state).toBe("pending_approval");
    const session = await DashboardSession.open(t, ws);

    const queue = await session.page("/dashboard/queue");
    expect(queue.status).toBe(200);
    expect(queue.html).toContain(`id="queue-${profile.id}"`);
    expect(queue.html).toContain("Wednesday 09:00");
    expect(queue.html).toContain(`/dashboard/posts/${queued.id}"`);
    expect(queue.html).toMatch(/free-slots/);

    // The slots are changed from the page through PUT /v1/profiles/{id}/queue's schema and operation.
    const saved = await session.submit(`/dashboard/profiles/${profile.id}/queue`, { slots: "Tuesday 10:30\nfri 7:05", timezone: "America/New_York" });
    expect(saved.status, saved.html).toBe(303);
    expect((await ws.get(`/v1/profiles/${profile.id}/queue`)).body).toMatchObject({
      timezone: "America/New_York",
      paused: false,
      slots: [
        { day: "tue", time: "10:30" },
        { day: "fri", time: "07:05" },
      ],
    });
    await session.page("/dashboard/queue");
    const badLine = await session.submit(`/dashboard/profiles/${profile.id}/queue`, { slots: "Someday 10:30", timezone: "America/New_York" });
    expect(badLine.status).toBe(400);
    expect(badLine.html).toContain(navigation);
    expect(badLine.html).toContain("Someday 10:30</textarea>");

    const list = await session.page("/dashboard/approvals");
    expect(list.html).toContain(`id="approval-${first.id}"`);
    expect(list.html).toContain(`id="approval-${second.id}"`);

    const other = await DashboardSession.open(t, await ws.otherWorkspace());
    await other.page("/dashboard/approvals");
    expect((await other.page("/dashboard/approvals")).html).not.toContain(first.id);
    expect((await other.submit(`/dashboard/posts/${first.id}/approve`, {})).status).toBe(404);
    expect((await other.submit(`/dashboard/profiles/${profile.id}/queue`, { slots: "Monday 01:00", timezone: "UTC" })).status).toBe(404);
    expect((await ws.get(`/v1/profiles/${profile.id}/queue`)).body.timezone).toBe("America/New_York");
    expect((await other.submit(`/dashboard/posts/${second.id}/reject`, { reason: "no", confirmed: "yes" })).status).toBe(404);

    await session.page("/dashboard/approvals");
    const approved = await session.submit(`/dashboard/posts/${first.id}/approve`, {});
    expect(approved.status, approved.html).toBe(303);
    expect((await rowOf(first.id))?.state).toBe("published");

    const asked = await session.submit(`/dashboard/posts/${second.id}/reject`, { reason: "Wrong date" });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Reject this post?");
    expect(asked.html).toContain('name="reason" value="Wrong date"');
    expect((await rowOf(second.id))?.state).toBe("pending_approval");
    const rejected = await session.submit(`/dashboard/posts/${second.id}/reject`, { reason: "Wrong date", confirmed: "yes" });
    expect(rejected.status).toBe(303);
    const row = await rowOf(second.id);
    expect(row?.state).toBe("rejected");
    expect(row?.approval?.reason).toBe("Wrong date");
    expect((await session.submit(`/dashboard/posts/${first.id}/approve`, {})).status, "decided once").toBe(409);
  });

  it("uploads to the media library, offers the file in Compose, and deletes it only after asking", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const session = await DashboardSession.open(t, ws);
    const empty = await session.page("/dashboard/media");
    expect(empty.html).toContain('id="no-media"');
    const up = await session.upload("/dashboard/media/upload", {}, new File([jpeg(640, 480)], "photo.jpg", { type: "image/jpeg" }));
    expect(up.status, up.html).toBe(303);
    const [file] = await t.db.select().from(media).where(eq(media.workspaceId, ws.id));
    const id = file?.id ?? "";
    const library = await session.page("/dashboard/media");
    expect(library.html).toContain(`id="media-${id}"`);
    const src = /<img src="([^"]+)"/.exec(library.html)?.[1] ?? "";
    expect(src).toMatch(new RegExp(`^/media/${id}\\?`));
    expect((await t.app.request(`http://chorus.test${src.replaceAll("&amp;", "&")}`)).status).toBe(200);
    const none = await session.upload("/dashboard/media/upload", {}, new File([], "empty.jpg", { type: "image/jpeg" }));
    expect(none.status).toBe(400);
    expect(none.html).toContain(navigation);

    const compose = await session.page("/dashboard/compose");
    expect(compose.html).toContain(`id="pick-${id}"`);
    const saved = await session.submit("/dashboard/compose", { text: "with a library photo", accounts: [account.id], libraryMedia: [id], action: "draft" });
    expect(saved.status, saved.html).toBe(303);
    const postId = (saved.location ?? "").split("/").at(-1) ?? "";
    expect((await rowOf(postId))?.media).toEqual([id]);

    const other = await DashboardSession.open(t, await ws.otherWorkspace());
    await other.page("/dashboard/media");
    expect((await other.page("/dashboard/media")).html).not.toContain(id);
    expect((await other.submit(`/dashboard/media/${id}/delete`, {})).status).toBe(404);
    expect((await other.submit(`/dashboard/media/${id}/delete`, { confirmed: "yes" })).status).toBe(404);

    // The draft still needs the file: refused in words, with the navigation, and nothing deleted.
    await session.page("/dashboard/media");
    const inUse = await session.submit(`/dashboard/media/${id}/delete`, { confirmed: "yes" });
    expect(inUse.status).toBe(409);
    expect(inUse.html).toContain(navigation);
    expect(inUse.html).toContain("media_in_use");
    expect((await ws.delete(`/v1/posts/${postId}`)).status).toBe(200);

    const asked = await session.submit(`/dashboard/media/${id}/delete`, {});
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Delete this file?");
    expect(await t.db.select().from(media).where(eq(media.id, id))).toHaveLength(1);
    const deleted = await session.submit(`/dashboard/media/${id}/delete`, { confirmed: "yes" });
    expect(deleted.status, deleted.html).toBe(303);
    expect(await t.db.select().from(media).where(eq(media.id, id))).toHaveLength(0);
  });

  it("answers unknown pages and another workspace's post with a 404 page that keeps the navigation", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    for (const path of ["/dashboard/no-such-page", "/dashboard/posts/post_nothere", "/dashboard/posts/post_nothere/edit"]) {
      const page = await session.page(path);
      expect(page.status, path).toBe(404);
      expect(page.html, path).toContain(navigation);
      expect(page.html, path).toContain('id="error-message"');
    }
    // Signed out, the same address is the sign-in page, not the API's JSON.
    const signedOut = await t.app.request("http://chorus.test/dashboard/no-such-page");
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain("<html");
  });

  it("exports the analytics report as CSV and ranks the period's posts", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    await ws.publish({ text: "=SUM(A1) counted words", accounts: [account.id] });
    const session = await DashboardSession.open(t, ws);
    const page = await session.page("/dashboard/analytics?period=7d");
    expect(page.status).toBe(200);
    expect(page.html).toContain('id="top-title"');
    expect(page.html).toContain('href="/dashboard/analytics/export.csv?period=7d"');
    const csv = await t.app.request("http://chorus.test/dashboard/analytics/export.csv?period=7d", { headers: { cookie: session.cookieHeader } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="chorus-analytics-7d-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("row,date,network,account,handle,followers,followers_change,views,reach,likes,comments,shares,saves,clicks,videoViews,watchTimeSeconds");
    expect(lines.some((line) => line.startsWith("total,") && line.includes(account.id))).toBe(true);
    expect((await session.page("/dashboard/analytics/export.csv?period=1y")).status).toBe(400);
  });
});
