import { describe, expect, it } from "vitest";
import type { AccountReadsFacet } from "../../src/networks/facets/account-reads.js";
import type { NetworkPageRequest } from "../../src/networks/facets/inbox.js";
import { googleBusinessAdapter } from "../../src/networks/googlebusiness/adapter.js";
import { fromLittleText } from "../../src/networks/linkedin/account-reads.js";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { toLittleText } from "../../src/networks/linkedin/commentary.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { tiktokAdapter } from "../../src/networks/tiktok/adapter.js";
import type { NetworkAdapter, NetworkConfig, NetworkContext, TokenSet } from "../../src/networks/types.js";
import { rejectSandboxLocalPost } from "../../src/sandbox/googlebusiness/local-posts.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import { createTiktokSimulator } from "../../src/sandbox/tiktok/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox, sampleMedia } from "./harness.js";

function listPosts(adapter: NetworkAdapter): NonNullable<AccountReadsFacet["listPosts"]> {
  const method = adapter.accountReads?.listPosts;
  if (!method) throw new Error(`${adapter.platform} must implement accountReads.listPosts`);
  return method;
}

const request = (text: string, input: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_read", ...input });

async function publishSettled(adapter: NetworkAdapter, ctx: Sandbox, tokens: TokenSet, input: PublishRequest): Promise<string> {
  let result = await required(adapter, "publish")(tokens, input, ctx.net);
  for (let i = 0; i < 10 && result.state === "processing"; i++) {
    ctx.advance(30_000);
    result = await required(adapter, "checkPublish")(tokens, result.pollToken, ctx.net);
  }
  if (result.state !== "published") throw new Error(`expected published, got ${JSON.stringify(result)}`);
  ctx.advance(1000);
  return result.networkPostId ?? "";
}

async function everyPage(adapter: NetworkAdapter, tokens: TokenSet, net: NetworkContext, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: NetworkPageRequest = { cursor, limit, networkUserId: "" };
    const answer = await listPosts(adapter)(tokens, page, net);
    pages.push(answer.items.map((item) => item.id));
    cursor = answer.cursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

describe("tiktok video/list", () => {
  const config = { clientId: "sandbox-tt-client-key", clientSecret: "sandbox-tt-secret", redirectUri: "https://chorus.test/v1/connect/callback/tiktok/" };

  it("lists the creator's public videos newest first with TikTok's cursor, at most 20 a page", async () => {
    const ctx = createSandbox([createTiktokSimulator], { start: "2026-11-21T10:00:00.000Z", config });
    const { tokens } = await connectThroughConsent(tiktokAdapter, ctx.net, { handle: "reads.filmer", browser: ctx.sandboxFetch });
    const ids = [];
    for (const text of ["one", "two", "three"]) {
      ids.push(await publishSettled(tiktokAdapter, ctx, tokens, request(`clip ${text}`, { media: [sampleMedia({ kind: "video" })], options: { privacyLevel: "PUBLIC_TO_EVERYONE" } })));
    }
    const from = ctx.requests.length;
    expect(await everyPage(tiktokAdapter, tokens, ctx.net, 2)).toEqual([[ids[2], ids[1]], [ids[0]]]);
    const newest = await listPosts(tiktokAdapter)(tokens, { cursor: null, limit: 1, networkUserId: "" }, ctx.net);
    expect(newest.items).toEqual([{ id: ids[2], url: `https://www.tiktok.com/@reads.filmer/video/${ids[2] ?? ""}`, text: "clip three", createdAt: expect.stringMatching(/Z$/), kind: "video" }]);
    // A page of 100 asks TikTok for its maximum of 20.
    await listPosts(tiktokAdapter)(tokens, { cursor: null, limit: 100, networkUserId: "" }, ctx.net);
    const sent = ctx.requests.slice(from);
    expect(sent.every((r) => r.method === "POST" && new URL(r.url).pathname === "/v2/video/list/")).toBe(true);
    expect(new URL(sent[0]?.url ?? "").searchParams.get("fields")).toBe("id,create_time,title,video_description,share_url");
    expect(sent.map((r) => JSON.parse(r.body ?? "{}") as { max_count: number; cursor?: number })).toEqual([
      { max_count: 2 },
      { max_count: 2, cursor: expect.any(Number) },
      { max_count: 1 },
      { max_count: 20 },
    ]);
    expect(tiktokAdapter.accountReads?.listFollowers).toBeUndefined();
  });

  it("maps TikTok's refusals: an invalid token, and a scope the person did not grant", async () => {
    const ctx = createSandbox([createTiktokSimulator], { start: "2026-11-21T10:00:00.000Z", config });
    const { tokens } = await connectThroughConsent(tiktokAdapter, ctx.net, { handle: "reads.denied", browser: ctx.sandboxFetch });
    const page = { cursor: null, limit: 5, networkUserId: "" };
    expect((await apiError(listPosts(tiktokAdapter)({ ...tokens, accessToken: "act.nothing" }, page, ctx.net))).code).toBe("needs_reauth");
    await ctx.setFault({ handle: "reads.denied" }, "revoked_permission");
    expect((await apiError(listPosts(tiktokAdapter)(tokens, page, ctx.net))).code).toBe("missing_scope");
  });
});

describe("linkedin organisation posts", () => {
  const config: NetworkConfig = {
    clientId: "sandbox-li-client",
    clientSecret: "sandbox-li-secret",
    redirectUri: "https://chorus.test/v1/connect/callback/linkedin",
    products: ["member", "organization"],
  };
  const setup = async () => {
    const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config });
    await registerSandboxLinkedinApp(ctx.store, config.clientId, ["member", "organization"]);
    return ctx;
  };

  it("reads each company page's posts with the author finder, merged newest first, text as written", async () => {
    const ctx = await setup();
    const { tokens } = await connectThroughConsent(linkedinAdapter, ctx.net, { handle: "reads.admin", variant: "organization" });
    const organizations = (await required(linkedinAdapter, "targets")(tokens, ctx.net)).map((t) => t.id);
    expect(organizations.length).toBeGreaterThanOrEqual(1);
    const texts = ["Hiring (again) #jobs", "Q3 results: *up* 4%", "Office move_ next week"];
    const ids = [];
    for (const [i, text] of texts.entries()) ids.push(await publishSettled(linkedinAdapter, ctx, tokens, request(text, { destination: organizations[i % organizations.length] ?? null })));
    // The member's own post is not an organisation's: it is not in the list.
    await publishSettled(linkedinAdapter, ctx, tokens, request("My own member post"));
    const from = ctx.requests.length;
    const pages = await everyPage(linkedinAdapter, tokens, ctx.net, 2);
    expect(pages.flat()).toEqual([...ids].reverse());
    const newest = await listPosts(linkedinAdapter)(tokens, { cursor: null, limit: 3, networkUserId: "" }, ctx.net);
    expect(newest.items.map((p) => p.text)).toEqual([...texts].reverse());
    expect(newest.items[0]).toMatchObject({ url: `https://www.linkedin.com/feed/update/${ids[2] ?? ""}/`, kind: "post" });
    const finder = ctx.requests.slice(from).filter((r) => new URL(r.url).pathname === "/rest/posts");
    for (const r of finder) {
      const url = new URL(r.url);
      expect(url.searchParams.get("q")).toBe("author");
      expect(organizations).toContain(url.searchParams.get("author"));
      expect(url.searchParams.get("sortBy")).toBe("CREATED");
      expect(Number(url.searchParams.get("count"))).toBeLessThanOrEqual(100);
      expect(r.headers["linkedin-version"] ?? r.headers["LinkedIn-Version"]).toMatch(/^\d{6}$/);
    }
  });

  it("refuses a member without a company page, naming the restricted permission", async () => {
    const ctx = await setup();
    const { tokens } = await connectThroughConsent(linkedinAdapter, ctx.net, { handle: "reads.member", variant: "member" });
    const error = await apiError(listPosts(linkedinAdapter)(tokens, { cursor: null, limit: 5, networkUserId: "" }, ctx.net));
    expect(error).toMatchObject({ code: "capability_unsupported", platform: "linkedin", retryable: false });
    expect(error.message).toContain("r_member_social");
  });

  it("undoes little-text markup: escapes, hashtag templates and mentions", () => {
    for (const text of ["Hiring (again) #jobs", "a\\b {c} [d] <e> *f* _g_ ~h~ |i| @j", "#one #two, and #three"]) expect(fromLittleText(toLittleText(text))).toBe(text);
    expect(fromLittleText("Thanks @[Chorus Inc](urn:li:organization:123)!")).toBe("Thanks Chorus Inc!");
  });
});

describe("google business local posts", () => {
  const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback" };
  const verifier = "sandbox-verifier-gbp-0123456789-abcdefghijklmnopqrstuvwxyz";

  it("merges every location's localPosts newest first, paging with pageToken, leaving out rejected posts", async () => {
    const ctx = createSandbox([createYoutubeSimulator, createGooglebusinessSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "googlebusiness" });
    const { tokens } = await connectThroughConsent(googleBusinessAdapter, ctx.net, { handle: "reads.baker", verifier });
    const locations = (await required(googleBusinessAdapter, "targets")(tokens, ctx.net)).map((t) => t.id);
    expect(locations.length).toBeGreaterThanOrEqual(2);
    const ids = [];
    for (const [i, text] of ["Sourdough at 7", "Closed Monday", "New rye loaf", "Cinnamon buns"].entries()) {
      ids.push(await publishSettled(googleBusinessAdapter, ctx, tokens, request(text, { destination: locations[i % 2] ?? null })));
    }
    const rejected = await publishSettled(googleBusinessAdapter, ctx, tokens, request("Rejected later", { destination: locations[0] ?? null }));
    await rejectSandboxLocalPost(ctx.store, rejected);
    const from = ctx.requests.length;
    expect((await everyPage(googleBusinessAdapter, tokens, ctx.net, 3)).flat()).toEqual([...ids].reverse());
    const newest = await listPosts(googleBusinessAdapter)(tokens, { cursor: null, limit: 1, networkUserId: "" }, ctx.net);
    expect(newest.items).toEqual([{ id: ids[3], url: expect.stringMatching(/^https:\/\//), text: "Cinnamon buns", createdAt: expect.stringMatching(/Z$/), kind: "post" }]);
    const sent = ctx.requests.slice(from).filter((r) => r.url.includes("/localPosts"));
    for (const r of sent) {
      const url = new URL(r.url);
      expect(url.host).toBe("mybusiness.googleapis.com");
      expect(url.pathname).toMatch(/^\/v4\/accounts\/[^/]+\/locations\/[^/]+\/localPosts$/);
      expect(Number(url.searchParams.get("pageSize"))).toBeLessThanOrEqual(100);
    }
    expect(sent.some((r) => new URL(r.url).searchParams.has("pageToken"))).toBe(true);
  });
});
