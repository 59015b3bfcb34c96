import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../src/db/schema/index.js";
import { png } from "../unit/media-fixtures.js";
import { DashboardSession } from "../support/dashboard-session.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Compose's preview per network: the counters are the API's own measure (POST /v1/posts/validate
 * refuses exactly what they show over), the text is the network's override, the link card and
 * media shapes are the network's, and the first comment and follow-ups are checked by its rules.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function connect(ws: WorkspaceFixture, platform: PlatformId, handle: string): Promise<string> {
  return (await ws.connect(platform, { handle })).id;
}

async function upload(ws: WorkspaceFixture, width: number, height: number): Promise<string> {
  return (await ws.upload(png(width, height), "image/png")).id;
}

/** The counter the preview shows for one account's post: [count, limit]. */
function counter(html: string, account: string, part = "count"): [number, number] {
  const match = new RegExp(`id="preview-${account}-${part}" data-count="(\\d+)" data-limit="(\\d+)"`).exec(html);
  expect(match, `counter ${part} of ${account} in ${html.slice(0, 400)}`).not.toBeNull();
  return [Number(match?.[1]), Number(match?.[2])];
}

/** What POST /v1/posts/validate says of the same text on that account: its length error's numbers, or null when it fits. */
async function apiLength(ws: WorkspaceFixture, body: Record<string, unknown>): Promise<{ count: number; limit: number } | null> {
  const response = await ws.post("/v1/posts/validate", body);
  expect(response.status, response.text).toBe(200);
  const report = response.body;
  const error = report.targets[0]?.errors.find((e) => e.code === "text_too_long");
  if (!error) return null;
  const numbers = /is (\d+) .*?(?:allows?|of) (?:at most )?(\d+)/.exec(error.message);
  expect(numbers, error.message).not.toBeNull();
  return { count: Number(numbers?.[1]), limit: Number(numbers?.[2]) };
}

describe("the compose preview", { timeout: 120_000 }, () => {
  it("counts each network's text the way POST /v1/posts/validate refuses it", async () => {
    const ws = await testWorkspace(t);
    const accounts = {
      twitter: await connect(ws, "twitter", "pv-x"),
      bluesky: await connect(ws, "bluesky", "pv-bsky.test"),
      threads: await connect(ws, "threads", "pv-threads"),
      linkedin: await connect(ws, "linkedin", "pv-li"),
    };
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const family = "👨‍👩‍👧‍👦";
    const cases: [keyof typeof accounts, string][] = [
      // X: a URL weighs 23 whatever its length, CJK 2.
      ["twitter", `${"a".repeat(250)} https://example.com/${"p".repeat(80)} 日本`],
      ["twitter", `${"a".repeat(240)} https://example.com/${"p".repeat(80)} 日本`],
      // Bluesky: a family emoji is one grapheme.
      ["bluesky", `${"b".repeat(299)}${family}`],
      ["bluesky", `${"b".repeat(300)}${family}`],
      // Threads: an emoji counts its UTF-8 bytes.
      ["threads", `${"c".repeat(495)}👋`],
      ["threads", `${"c".repeat(497)}👋`],
      ["linkedin", "d".repeat(3001)],
      ["linkedin", "d".repeat(3000)],
    ];
    for (const [platform, text] of cases) {
      const account = accounts[platform];
      const answer = await session.submit("/dashboard/compose/validate", { text, accounts: [account] });
      expect(answer.status).toBe(200);
      const [count, limit] = counter(answer.html, account);
      const api = await apiLength(ws, { text, accounts: [account] });
      if (api) expect({ count, limit }, `${platform}: ${text.length}`).toEqual(api);
      else expect(count, `${platform} fits in the API's checks, so its counter is within the limit`).toBeLessThanOrEqual(limit);
      expect(count > limit, `${platform}: over in the preview exactly when the API refuses`).toBe(api !== null);
    }
    const cases2 = counter(
      (await session.submit("/dashboard/compose/validate", { text: `${"a".repeat(250)} https://example.com/${"p".repeat(80)} 日本`, accounts: [accounts.twitter] })).html,
      accounts.twitter,
    );
    expect(cases2).toEqual([250 + 1 + 23 + 1 + 4, 280]);
  });

  it("shows each network's override, link card, first comment and thread as the post will have them, and sends them", async () => {
    const ws = await testWorkspace(t);
    const x = await connect(ws, "twitter", "pv2-x");
    const bsky = await connect(ws, "bluesky", "pv2-bsky.test");
    const pin = await connect(ws, "pinterest", "pv2-pin");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const form = {
      text: "Read https://first.example.com/a and https://last.example.org/b",
      override_bluesky: "Bluesky's own words https://bsky-link.example.net/x and https://other.example.com",
      accounts: [x, bsky, pin],
      firstComment: "More in the comments",
      thread: ["Second item", "", "Third item", ""],
    };
    const answer = await session.submit("/dashboard/compose/validate", form);
    // X draws the card of the last link, Bluesky of the first, Pinterest none.
    expect(answer.html).toMatch(new RegExp(`id="preview-${x}-card"[^]*?last\\.example\\.org`));
    expect(answer.html).toMatch(new RegExp(`id="preview-${bsky}"[^]*?Bluesky&#39;s own words|id="preview-${bsky}"[^]*?Bluesky's own words`));
    expect(answer.html).toMatch(new RegExp(`id="preview-${bsky}-card"[^]*?bsky-link\\.example\\.net`));
    expect(answer.html).not.toContain(`id="preview-${pin}-card"`);
    // The counters above the checks count the same text: Bluesky's own.
    expect(answer.html).toMatch(new RegExp(`data-platform="bluesky">[^]*?Bluesky: ${form.override_bluesky.length} / 300`));
    // The thread's items, blanks dropped, on the networks with threads; Pinterest refuses both.
    expect(answer.html).toContain(`id="preview-${x}-thread-1"`);
    expect(answer.html).not.toContain(`id="preview-${x}-thread-2"`);
    expect(counter(answer.html, x, "thread-1-count")).toEqual(["Third item".length, 280]);
    expect(counter(answer.html, x, "comment-count")).toEqual(["More in the comments".length, 280]);
    expect(answer.html).toMatch(new RegExp(`id="preview-${pin}-comment"[^]*?class="over"`));
    expect(answer.html).toContain("Pinterest has no threads");
    // The preview rides along with the checks as an out-of-band swap.
    expect(answer.html).toContain('id="preview" aria-labelledby="preview-title" hx-swap-oob="true"');

    const sent = await session.submit("/dashboard/compose", { ...form, accounts: [x, bsky], action: "draft" });
    expect(sent.status, sent.html).toBe(303);
    const [stored] = await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id));
    expect(stored?.textOverrides).toEqual({ bluesky: form.override_bluesky });
    expect(stored?.firstComment).toEqual({ text: "More in the comments" });
  });

  it("works without script: Preview shows the page with the preview and the checks, storing nothing", async () => {
    const ws = await testWorkspace(t);
    const x = await connect(ws, "twitter", "pv3-x");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const page = await session.submit("/dashboard/compose", { text: "x".repeat(281), accounts: [x], override_twitter: "", action: "preview" });
    expect(page.status).toBe(200);
    expect(counter(page.html, x)).toEqual([281, 280]);
    expect(page.html).toContain("1 too many");
    expect(page.html).toContain('id="validation-targets"');
    expect(page.html).toContain(`>${"x".repeat(281)}</textarea>`);
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(0);
  });

  it("draws files in the shape the network takes, and never another workspace's file", async () => {
    const ws = await testWorkspace(t);
    const other = await testWorkspace(t);
    const insta = await connect(ws, "instagram", "pv4-insta");
    const x = await connect(ws, "twitter", "pv4-x");
    const tall = await upload(ws, 1000, 1500);
    const theirs = await upload(other, 640, 480);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const answer = await session.submit("/dashboard/compose/validate", { text: "A tall one", accounts: [insta, x], media: [tall], mediaAlt: ["A tall card"] });
    // Instagram's feed takes 4:5 to 1.91:1: a 2:3 file is drawn 4:5; X takes it whole.
    expect(answer.html).toMatch(new RegExp(`id="preview-${insta}"[^]*?viewBox="0 0 1000 1250"`));
    expect(answer.html).toMatch(new RegExp(`id="preview-${x}"[^]*?viewBox="0 0 1000 1500"`));
    expect(answer.html).toContain('aria-label="A tall card (cropped)"');
    const foreign = await session.submit("/dashboard/compose/validate", { text: "Not mine", accounts: [x], media: [theirs] });
    // The checks name the id as the API does (media_unknown); the preview draws nothing of it.
    expect(foreign.html).toContain("media_unknown");
    expect(foreign.html).not.toContain('<figure class="crop"');
  });

  it("answers the script's upload with the media list alone: the new file with its thumbnail and alt text field", async () => {
    const ws = await testWorkspace(t);
    const x = await connect(ws, "twitter", "pv5-x");
    const earlier = await upload(ws, 640, 480);
    const session = await DashboardSession.open(t, ws);
    const body = new FormData();
    const page = await session.page("/dashboard/compose");
    // The file goes as the browser's FormData sends it, with the header the script adds.
    body.set("_csrf", /name="_csrf" value="([^"]+)"/.exec(page.html)?.[1] ?? "");
    const fields: [string, string][] = [
      ["text", "Kept in the browser"],
      ["accounts", x],
      ["media", earlier],
      ["mediaAlt", "The first"],
    ];
    for (const [name, value] of fields) body.append(name, value);
    body.set("file", new File([png(1200, 628)], "card.png", { type: "image/png" }));
    const response = await t.app.request("http://chorus.test/dashboard/compose/media", { method: "POST", headers: { cookie: session.cookieHeader, "x-compose-upload": "fragment" }, body });
    const html = await response.text();
    expect(response.status, html).toBe(201);
    expect(html.startsWith('<fieldset id="media-items">'), html.slice(0, 200)).toBe(true);
    expect(html).not.toContain("<textarea");
    expect(html).toContain('value="The first"');
    expect([...html.matchAll(/name="mediaAlt"/g)]).toHaveLength(2);
    expect([...html.matchAll(/<img src="\/media\//g)].length + [...html.matchAll(/<img src="[^"]*med_/g)].length).toBeGreaterThan(0);
    const refused = new FormData();
    refused.set("_csrf", body.get("_csrf") as string);
    refused.set("file", new File([new TextEncoder().encode("%PDF-1.7")], "doc.pdf", { type: "image/png" }));
    const no = await t.app.request("http://chorus.test/dashboard/compose/media", { method: "POST", headers: { cookie: session.cookieHeader, "x-compose-upload": "fragment" }, body: refused });
    expect(no.status).toBe(400);
    expect(await no.text()).toMatch(/^<p id="error-message">/);
  });
});

describe("compose's Add to queue", { timeout: 60_000 }, () => {
  it("schedules at the brand's next free slot, as POST /v1/posts with queue: true does, and refuses it with a thread", async () => {
    t.clock.set(new Date("2027-10-27T12:00:00Z"));
    const ws = await testWorkspace(t);
    const profile = await ws.createProfile({ username: "queued-brand" });
    const account = (await ws.connect("twitter", { handle: "queued-x", profile: "queued-brand" })).id;
    const put = await ws.put(`/v1/profiles/${profile.id}/queue`, { timezone: "Europe/Berlin", slots: [{ day: "mon", time: "09:00" }] });
    expect(put.status, put.text).toBe(200);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const refused = await session.submit("/dashboard/compose", { text: "A chain", accounts: [account], thread: ["two"], action: "queue" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("queue_conflict");
    expect(refused.html).toContain(">two</textarea>");
    const queued = await session.submit("/dashboard/compose", { text: "Next free slot", accounts: [account], action: "queue" });
    expect(queued.status, queued.html).toBe(303);
    const [stored] = await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id));
    expect(stored?.state).toBe("scheduled");
    // Monday 1 November 2027, 09:00 in Berlin (CET, after the fall-back).
    expect(stored?.scheduledAt?.toISOString()).toBe("2027-11-01T08:00:00.000Z");
  });
});
