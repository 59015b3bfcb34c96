import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../src/db/schema/index.js";
import { png } from "../unit/media-fixtures.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * The edit page of a draft or a scheduled post has Compose's preview per network and its
 * per-network fields (shared components); both forms send per-network files as `mediaOverrides`
 * and the link card choice as the network's opt-out option.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const rowOf = async (id: string) => (await t.db.select().from(posts).where(eq(posts.id, id)))[0];
/** The part of a page from one preview card to the next (or the end). */
const cardOf = (html: string, account: string) => {
  const from = html.indexOf(`id="preview-${account}"`);
  expect(from, `preview card of ${account}`).toBeGreaterThan(-1);
  const next = html.indexOf('class="preview-card"', from + 1);
  return html.slice(from, next === -1 ? undefined : next);
};

describe("the edit page's preview and per-network fields", { timeout: 120_000 }, () => {
  it("shows a draft's per-network text and files in its preview, checks as you type, and saves them", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = (await ws.connect("twitter")).id;
    const insta = (await ws.connect("instagram")).id;
    const wide = (await ws.upload(png(1200, 628), "image/png")).id;
    const tall = (await ws.upload(png(1000, 1500), "image/png")).id;
    const draft = await ws.post("/v1/posts", {
      text: "Main words",
      accounts: [x, insta],
      media: [wide],
      mediaAlt: ["A wide one"],
      textOverrides: { instagram: "Insta words" },
      mediaOverrides: { instagram: [tall] },
      mediaAltOverrides: { instagram: ["A tall one"] },
      draft: true,
    });
    expect(draft.status, draft.text).toBe(201);
    const id = draft.body.id;
    const session = await DashboardSession.open(t, ws);
    const page = await session.page(`/dashboard/posts/${id}/edit`);
    expect(page.status).toBe(200);
    // Instagram shows its own text and its own (tall, cropped to 4:5) file; X the post's.
    expect(cardOf(page.html, insta)).toContain("Insta words");
    expect(cardOf(page.html, insta)).toContain('aria-label="A tall one (cropped)"');
    expect(cardOf(page.html, insta)).toContain("Instagram&#39;s own files");
    expect(cardOf(page.html, x)).toContain('aria-label="A wide one"');
    expect(cardOf(page.html, x)).not.toContain("A tall one");
    expect(page.html).toContain(`name="alt_instagram_${tall}" value="A tall one"`);
    expect(page.html).toContain(`hx-post="/dashboard/posts/${id}/edit/check"`);

    // As you type: the checks and the preview, nothing saved.
    const form = {
      text: "New main",
      override_instagram: "New insta",
      ownMedia_instagram: "yes",
      media_instagram: [wide, tall],
      [`alt_instagram_${tall}`]: "Tall, again",
      media: [wide],
      mediaAlt: ["A wide one"],
    };
    const check = await session.submit(`/dashboard/posts/${id}/edit/check`, form);
    expect(check.status).toBe(200);
    expect(check.html).toContain('id="validation-targets"');
    expect(cardOf(check.html, insta)).toContain("New insta");
    expect(cardOf(check.html, insta)).toContain('aria-label="Tall, again (cropped)"');
    expect(cardOf(check.html, insta)).toContain('aria-label="A wide one');
    expect((await rowOf(id))?.text).toBe("Main words");

    // Saved: per-network text and files through PATCH, the alt of the post's own file taken from the post.
    const saved = await session.submit(`/dashboard/posts/${id}/edit`, { ...form, action: "save" });
    expect(saved.status, saved.html).toBe(303);
    const row = await rowOf(id);
    expect(row?.text).toBe("New main");
    expect(row?.textOverrides).toEqual({ instagram: "New insta" });
    expect(row?.mediaOverrides).toEqual({ instagram: [wide, tall] });
    expect(row?.mediaAltOverrides).toEqual({ instagram: ["A wide one", "Tall, again"] });

    // Unticking "Choose" gives Instagram the post's files again; an empty override gives it the main text.
    const back = await session.submit(`/dashboard/posts/${id}/edit`, { text: "New main", override_instagram: "", media_instagram: [tall], media: [wide], mediaAlt: ["A wide one"], action: "save" });
    expect(back.status, back.html).toBe(303);
    expect((await rowOf(id))?.mediaOverrides).toEqual({});
    expect((await rowOf(id))?.textOverrides).toEqual({});
  });

  it("refuses another workspace's post on the live checks and the edit page", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const other = await ws.otherWorkspace();
    const x = (await other.connect("twitter")).id;
    const theirs = await other.post("/v1/posts", { text: "Theirs", accounts: [x], draft: true });
    expect(theirs.status).toBe(201);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const check = await session.submit(`/dashboard/posts/${theirs.body.id}/edit/check`, { text: "Mine now" });
    expect(check.status).toBe(404);
    expect(check.html).not.toContain("Theirs");
    expect((await session.page(`/dashboard/posts/${theirs.body.id}/edit`)).status).toBe(404);
    const owner = await DashboardSession.open(t, other);
    await owner.page("/dashboard/compose");
    const own = await owner.submit(`/dashboard/posts/${theirs.body.id}/edit/check`, { text: "Mine now" });
    expect(own.status).toBe(200);
    expect(own.html).toContain("Mine now");
  });

  it("turns Bluesky's link card off in the preview and sends linkCard: false; an edit turns it back on", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = (await ws.connect("bluesky")).id;
    const x = (await ws.connect("twitter")).id;
    const session = await DashboardSession.open(t, ws);
    const compose = await session.page("/dashboard/compose");
    // Only Bluesky can be asked not to draw one; X draws its card regardless.
    expect(compose.html).toContain('id="linkCard-bluesky"');
    expect(compose.html).not.toContain('id="linkCard-twitter"');
    const text = "Read https://card.example.com/a";
    const on = await session.submit("/dashboard/compose/validate", { text, accounts: [bsky, x], linkCardAsked: "bluesky", linkCard_bluesky: "yes" });
    expect(on.html).toContain(`id="preview-${bsky}-card"`);
    const off = await session.submit("/dashboard/compose/validate", { text, accounts: [bsky, x], linkCardAsked: "bluesky" });
    expect(off.html).not.toContain(`id="preview-${bsky}-card"`);
    expect(off.html).toContain(`id="preview-${bsky}-card-off"`);
    expect(off.html).toContain(`id="preview-${x}-card"`);

    const sent = await session.submit("/dashboard/compose", { text, accounts: [bsky, x], linkCardAsked: "bluesky", action: "draft" });
    expect(sent.status, sent.html).toBe(303);
    const id = (sent.location ?? "").split("/").at(-1) ?? "";
    expect((await rowOf(id))?.platformOptions).toEqual({ bluesky: { linkCard: false } });
    const edit = await session.page(`/dashboard/posts/${id}/edit`);
    expect(edit.html).toMatch(/id="linkCard-bluesky" name="linkCard_bluesky" value="yes"(?! checked)/);
    expect(edit.html).toContain(`id="preview-${bsky}-card-off"`);
    // A save that does not show the option keeps the card off; ticking it turns it back on.
    expect((await session.submit(`/dashboard/posts/${id}/edit`, { text, action: "save" })).status).toBe(303);
    expect((await rowOf(id))?.platformOptions).toEqual({ bluesky: { linkCard: false } });
    expect((await session.submit(`/dashboard/posts/${id}/edit`, { text, linkCardAsked: "bluesky", linkCard_bluesky: "yes", action: "save" })).status).toBe(303);
    expect((await rowOf(id))?.platformOptions).toEqual({ bluesky: { linkCard: true } });
  });

  it("shows a network's own files in compose's preview, cropped its way, and sends them as mediaOverrides", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = (await ws.connect("twitter")).id;
    const insta = (await ws.connect("instagram")).id;
    const wide = (await ws.upload(png(1200, 628), "image/png")).id;
    const tall = (await ws.upload(png(1000, 1500), "image/png")).id;
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const form = { text: "Two shapes", accounts: [x, insta], media: [wide], mediaAlt: ["Wide"], ownMedia_instagram: "yes", media_instagram: [tall], [`alt_instagram_${tall}`]: "Tall" };
    const answer = await session.submit("/dashboard/compose/validate", form);
    expect(cardOf(answer.html, insta)).toContain('viewBox="0 0 1000 1250"');
    expect(cardOf(answer.html, insta)).not.toContain('aria-label="Wide"');
    expect(cardOf(answer.html, x)).toContain('viewBox="0 0 1200 628"');
    expect(cardOf(answer.html, x)).not.toContain('aria-label="Tall');
    // "Choose" ticked with nothing ticked: text only on that network.
    const none = await session.submit("/dashboard/compose/validate", { ...form, media_instagram: [] });
    expect(cardOf(none.html, insta)).toContain("No files on Instagram: text only.");
    const sent = await session.submit("/dashboard/compose", { ...form, action: "draft" });
    expect(sent.status, sent.html).toBe(303);
    const row = await rowOf((sent.location ?? "").split("/").at(-1) ?? "");
    expect(row?.mediaOverrides).toEqual({ instagram: [tall] });
    expect(row?.mediaAltOverrides).toEqual({ instagram: ["Tall"] });
  });
});
