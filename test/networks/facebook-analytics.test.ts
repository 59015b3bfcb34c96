import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { AnalyticsFacet } from "../../src/networks/facets/analytics.js";
import type { PublishResult } from "../../src/networks/publish-types.js";
import type { SandboxComment } from "../../src/sandbox/facebook/page-comments.js";
import type { SandboxPage } from "../../src/sandbox/meta/pages.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { bench, connect, facebookInstagramOrders } from "./facebook-helpers.js";
import { required, wireAnswer } from "./harness.js";

/** Page Insights under the 2025-26 names, checked against Meta's node descriptions (PagePost, Page). */

const fb = facebookAdapter.analytics as Required<AnalyticsFacet>;
/** Names Meta retired in 2025-26: asking any of them is Graph's invalid-metric error. */
const RETIRED = ["post_impressions", "post_impressions_unique", "post_impressions_paid", "page_impressions", "page_impressions_unique", "page_fans", "page_fans_country", "page_video_views_unique"];

const nodeOf = (url: URL) => {
  const segments = url.pathname.split("/").filter(Boolean).slice(1);
  if (segments[0] === "me") return "User";
  return segments[0]?.includes("_") ? "PagePost" : "Page";
};

const postId = (result: PublishResult) => {
  if (result.state === "failed" || !result.networkPostId) throw new Error("not published");
  return result.networkPostId;
};

async function setUp(factories: Parameters<typeof bench>[0], handle: string) {
  const b = bench(factories);
  const net = b.net();
  const tokens = await connect(facebookAdapter, net, handle);
  const targets = (await facebookAdapter.targets?.(tokens, net)) ?? [];
  const pageId = targets.find((t) => t.name.endsWith("(sandbox page)"))?.id ?? "";
  const id = postId(await required(facebookAdapter, "publish")(tokens, { text: "Numbers", media: [], options: {}, destination: pageId, targetId: "tgt_1" }, net));
  const page = await b.deps.store.get<SandboxPage>("facebook", "page", pageId);
  // Three comments made in the sandbox: the post's analytics count exactly these.
  for (const n of [1, 2, 3]) {
    const comment: SandboxComment = {
      pageId,
      postId: id,
      parentId: null,
      from: { id: `10000000000000${n}`, name: `Fan ${n}` },
      message: "Great",
      createdAt: b.deps.now().toISOString(),
      isHidden: false,
    };
    await b.deps.store.put("facebook", "comment", `${id.split("_")[1]}_${n}`, comment, page?.owner ?? null);
  }
  return { b, net, tokens, pageId, id };
}

describe.each(facebookInstagramOrders)("Facebook analytics (%s)", (_order, factories) => {
  it("reads a post's insights, reactions, comments and shares with the page token and current names", async () => {
    const { b, net, tokens, pageId, id } = await setUp(factories, "stats.page");
    b.advance(3600);
    const from = b.sent.length;
    const post = await fb.postAnalytics(tokens, { networkPostId: id, networkUserId: "", destination: pageId, publishedAt: "2026-10-01T12:00:00Z" }, net);
    expect(post.metrics).toMatchObject({
      comments: 3,
      shares: 0,
      views: post.networkMetrics.post_media_view,
      reach: post.networkMetrics.post_total_media_view_unique,
      likes: post.networkMetrics.post_reactions_by_type_total,
      clicks: post.networkMetrics.post_clicks,
    });
    // A status post has no video: no video number is asked, and none is invented.
    expect(post.metrics).toMatchObject({ videoViews: null, watchTimeSeconds: null, saves: null });
    expect(post.metrics.views).toBeGreaterThan(0);
    const sent = b.sent.slice(from);
    // `summary` is a modifier of Graph's comments edge (Comments reference) that the SDK's node description leaves out.
    const problems = (r: (typeof sent)[number]) =>
      graphRequestProblems(r, nodeOf(r.url)).filter((p) => !(r.url.pathname.endsWith("/comments") && p === "summary is not a parameter of GET PagePost/comments"));
    for (const r of sent) expect(problems(r), r.url.toString()).toEqual([]);
    expect(sent.find((r) => r.url.pathname.endsWith("/comments"))?.url.searchParams.get("summary")).toBe("true");
    const insights = sent.filter((r) => r.url.pathname.endsWith("/insights"));
    expect(insights).toHaveLength(1);
    for (const name of RETIRED) expect(insights[0]?.url.searchParams.get("metric")?.split(",")).not.toContain(name);
    expect(insights[0]?.url.searchParams.get("access_token")).not.toBe(tokens.accessToken);
  });

  it("adds every managed page's daily insights, followers and their change over 90 days", async () => {
    const { b, net, tokens } = await setUp(factories, "stats.pages");
    const from = b.sent.length;
    const quarter = await fb.accountAnalytics(tokens, { networkUserId: "", since: "2026-07-04", until: "2026-10-01", posts: [], destinations: [] }, net);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.metrics.views).toBe(quarter.daily?.reduce((sum, d) => sum + (d.metrics.views ?? 0), 0));
    expect(quarter.metrics).toMatchObject({ likes: null, comments: null, saves: null });
    // The seeded pages have 0 and 250 followers (pages.ts); the change is what page_follows moved.
    expect(quarter.followers).toBe(250);
    expect(quarter.followersChange).toEqual(expect.any(Number));
    const sent = b.sent.slice(from);
    const insights = sent.filter((r) => r.url.pathname.endsWith("/insights"));
    expect(insights).toHaveLength(2);
    // `tasks` is a field of the /me/accounts edge's entries (Graph's User accounts reference), not of the Page node the SDK describes.
    const edgeOnly = (r: (typeof sent)[number], p: string) => r.url.pathname.endsWith("/me/accounts") && p === "field tasks is not a field of Page";
    for (const r of sent)
      expect(
        graphRequestProblems(r, nodeOf(r.url)).filter((p) => !edgeOnly(r, p)),
        r.url.toString(),
      ).toEqual([]);
    expect(
      sent
        .find((r) => r.url.pathname.endsWith("/me/accounts"))
        ?.url.searchParams.get("fields")
        ?.split(","),
    ).toContain("tasks");
    for (const r of insights) {
      for (const name of RETIRED) expect(r.url.searchParams.get("metric")?.split(",")).not.toContain(name);
      expect(Number(r.url.searchParams.get("until")) - Number(r.url.searchParams.get("since"))).toBe(90 * 86_400);
    }
  });

  it("reads only pages the person may analyse, and says so when there is none", async () => {
    const { b, net, tokens, pageId } = await setUp(factories, "stats.moderator");
    const pages = await b.deps.store.list<SandboxPage>("facebook", "page", { owner: (await b.deps.store.get<SandboxPage>("facebook", "page", pageId))?.owner ?? "" });
    for (const page of pages) await b.deps.store.put("facebook", "page", page.id, { ...page.data, tasks: page.data.tasks.filter((task) => task !== "ANALYZE") }, page.owner);
    const from = b.sent.length;
    const refused = fb.accountAnalytics(tokens, { networkUserId: "", since: "2026-09-25", until: "2026-10-01", posts: [], destinations: [] }, net);
    await expect(refused).rejects.toMatchObject({ code: "missing_permission", platform: "facebook", fix: expect.stringContaining("Analyze") });
    expect(b.sent.slice(from).filter((r) => r.url.pathname.endsWith("/insights"))).toEqual([]);
  });

  it("refuses retired metrics, wrong periods, long ranges and the person's own token like Graph", async () => {
    const { b, net, tokens, pageId, id } = await setUp(factories, "stats.strict");
    await fb.postAnalytics(tokens, { networkPostId: id, networkUserId: "", destination: pageId, publishedAt: "2026-10-01T12:00:00Z" }, net);
    const page = await b.deps.store.get<SandboxPage>("facebook", "page", pageId);
    const get = async (path: string, token = page?.data.tokenValue ?? "") => {
      const response = await net.fetch(`https://graph.facebook.com/v26.0/${path}&access_token=${token}`);
      return wireAnswer<{ error?: { code: number; message: string } }>(response);
    };
    for (const retired of RETIRED) {
      const node = retired.startsWith("post") ? id : pageId;
      expect(await get(`${node}/insights?metric=${retired}`)).toMatchObject({ status: 400, body: { error: { code: 100, message: "(#100) The value must be a valid insights metric" } } });
    }
    expect((await get(`${pageId}/insights?metric=page_media_view&period=month`)).body.error).toMatchObject({ code: 100 });
    expect((await get(`${id}/insights?metric=post_media_view&period=day`)).body.error).toMatchObject({ code: 100 });
    expect((await get(`${pageId}/insights?metric=page_media_view&period=day&since=1750000000&until=1759276800`)).body.error?.message).toContain("90 days");
    expect((await get(`${pageId}/insights?metric=page_media_view&period=day`, tokens.accessToken)).body.error).toMatchObject({ code: 190 });
  });
});
