import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";
import type { SuccessBody } from "../support/api-types.js";
import { type WorkspaceFixture, reply, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

interface Problem {
  account: string;
  platform: string;
  code: string;
  message: string;
  retryable: boolean;
}
interface PostPage {
  items: { id: string; account: string; platform: string; text: string | null; author: { handle: string } | null; authorHidden: boolean; createdAt: string }[];
  cursor: string | null;
  problems: Problem[];
}

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId, options: { handle?: string; variant?: string } = {}): Promise<string> {
  counter += 1;
  const handle = options.handle ?? (platform === "bluesky" ? `disc${counter}.test` : `disc_${platform.slice(0, 4)}_${counter}`);
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}), ...(options.variant ? { variant: options.variant } : {}) };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function publish(ws: WorkspaceFixture, account: string, text: string): Promise<void> {
  t.clock.advance(60_000);
  const response = await ws.post("/v1/posts", { text, accounts: [account] });
  expect(response.status, response.text).toBe(201);
}

async function search(ws: WorkspaceFixture, query: string): Promise<PostPage> {
  const response = await ws.get(`/v1/discover/posts?${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe("GET /v1/discover/posts", () => {
  it("searches X and Bluesky in one merged page; networks without search and refused queries are problems", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connect(ws, "twitter");
    const bluesky = await connect(ws, "bluesky");
    const tiktok = await connect(ws, "tiktok");
    const instagram = await connect(ws, "instagram", { variant: "facebook_login" });
    await publish(ws, x, "Fresh sourdough on X");
    await publish(ws, bluesky, "Fresh sourdough on Bluesky");
    t.clock.advance(60_000);

    const page = await search(ws, "q=fresh%20sourdough&sort=recent");
    expect(page.items.map((p) => [p.platform, p.text])).toEqual([
      ["bluesky", "Fresh sourdough on Bluesky"],
      ["twitter", "Fresh sourdough on X"],
    ]);
    expect(page.items.every((p) => p.authorHidden === false && p.author !== null)).toBe(true);
    const byAccount = (a: Problem, b: Problem) => (a.account < b.account ? -1 : 1);
    expect(page.problems.map((p) => [p.account, p.platform, p.code, p.retryable])).toEqual(
      [
        { account: instagram, platform: "instagram", code: "search_keyword_unsupported", retryable: false, message: "" },
        { account: tiktok, platform: "tiktok", code: "capability_unsupported", retryable: false, message: "" },
      ]
        .sort(byAccount)
        .map((p) => [p.account, p.platform, p.code, p.retryable]),
    );
    const only = await search(ws, `q=sourdough&account=${bluesky}`);
    expect(only.items.map((p) => p.account)).toEqual([bluesky]);
    expect(only.problems).toEqual([]);
  });

  it("pages with a signed cursor that belongs to its query", async () => {
    const ws = await testWorkspace(t);
    const bluesky = await connect(ws, "bluesky");
    for (let i = 0; i < 3; i++) await publish(ws, bluesky, `launch news ${i}`);
    const first = await search(ws, "q=launch&sort=recent&limit=2");
    expect(first.items).toHaveLength(2);
    const second = await search(ws, `q=launch&sort=recent&limit=2&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect([...first.items, ...second.items].map((p) => p.text)).toEqual(["launch news 2", "launch news 1", "launch news 0"]);
    const other = await ws.get(`/v1/discover/posts?q=other&limit=2&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(other.error).toMatchObject({ code: "cursor_invalid", param: "cursor" });
  });

  it("counts Instagram's 30 unique hashtags per account and week; the 31st is a problem, a repeat is free", async () => {
    const ws = await testWorkspace(t);
    const instagram = await connect(ws, "instagram", { variant: "facebook_login" });
    for (let i = 0; i < 30; i++) {
      const page = await search(ws, `q=%23tag${i}&mode=tag&account=${instagram}`);
      expect(page.problems).toEqual([]);
    }
    const repeat = await search(ws, `q=tag3&mode=tag&account=${instagram}`);
    expect(repeat.problems).toEqual([]);
    const refused = await search(ws, `q=tag30&mode=tag&account=${instagram}`);
    expect(refused.items).toEqual([]);
    expect(refused.problems).toEqual([expect.objectContaining({ code: "hashtag_search_limit", platform: "instagram", retryable: true })]);
    expect(refused.problems[0]?.message).toMatch(/30 different hashtags/);
    // A week later the first ones have freed their places.
    t.clock.advance(7 * 24 * 60 * 60 * 1000);
    expect((await search(ws, `q=tag30&mode=tag&account=${instagram}`)).problems).toEqual([]);
    // The Instagram-login door has no hashtag search at all.
    const solo = await connect(ws, "instagram");
    expect((await search(ws, `q=tag1&mode=tag&account=${solo}`)).problems).toEqual([expect.objectContaining({ code: "photo_page_door_required" })]);
  });

  it("shows the sandbox faults as problems of the faulty account while the others answer, and as errors of a one-account read", async () => {
    const ws = await testWorkspace(t);
    const healthy = await connect(ws, "bluesky");
    const faulty = await connect(ws, "bluesky");
    await publish(ws, healthy, "fault tolerant bread");
    const cases: [string, string, boolean][] = [
      ["rate_limited", "rate_limited", true],
      ["down", "platform_unavailable", true],
    ];
    for (const [fault, code, retryable] of cases) {
      expect((await ws.put(`/v1/sandbox/social-accounts/${faulty}/fault`, { fault })).status).toBe(200);
      const page = await search(ws, "q=bread");
      expect(page.items.map((p) => p.account)).toEqual([healthy]);
      expect(page.problems).toEqual([expect.objectContaining({ account: faulty, code, retryable })]);
      const direct = await ws.get(`/v1/discover/profiles/someone.test?account=${faulty}`);
      expect(direct.error.code, fault).toBe(code);
    }
  });

  it("refuses bad input with the parameter named", async () => {
    const ws = await testWorkspace(t);
    const cases: [string, string][] = [
      ["q=x&mode=fuzzy", "mode"],
      ["q=x&sort=best", "sort"],
      ["q=x&since=2026-11-20T10:00:00Z&until=2026-11-19T10:00:00Z", "since"],
      ["q=x&since=yesterday", "since"],
      ["q=x&limit=101", "limit"],
      ["", "q"],
      ["q=x&account=acc_nope", "account"],
    ];
    for (const [query, param] of cases) {
      const response = await ws.get(`/v1/discover/posts?${query}`);
      expect(response.status, query).toBe(query.includes("acc_nope") ? 404 : 400);
      expect(response.error.param, query).toBe(param);
    }
  });
});

describe("GET /v1/discover/profiles/{handle}", () => {
  it("reads a public profile and its posts on the account's network; counts are the network's", async () => {
    const ws = await testWorkspace(t);
    const reader = await connect(ws, "bluesky");
    const writer = await connect(ws, "bluesky", { handle: "writer-disc.test" });
    await publish(ws, writer, "a public post");
    const response = await ws.get(`/v1/discover/profiles/@writer-disc.test?account=${reader}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ account: reader, platform: "bluesky", handle: "writer-disc.test", postsCount: 1, followersCount: 0 });
    const posts = await ws.get(`/v1/discover/profiles/writer-disc.test/posts?account=${reader}`);
    expect(posts.body.items.map((p) => p.text)).toEqual(["a public post"]);
  });

  it("refuses numeric ids, unknown handles, networks without lookups and a missing account", async () => {
    const ws = await testWorkspace(t);
    const reader = await connect(ws, "bluesky");
    const tiktok = await connect(ws, "tiktok");
    const numeric = await ws.get(`/v1/discover/profiles/12345?account=${reader}`);
    expect(numeric.status).toBe(400);
    expect(numeric.error).toMatchObject({ code: "handle_not_a_username", param: "handle" });
    const unknown = await ws.get(`/v1/discover/profiles/nobody-here.test?account=${reader}`);
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "handle_not_found", platform: "bluesky" });
    const unknownPosts = await ws.get(`/v1/discover/profiles/nobody-here.test/posts?account=${reader}`);
    expect(unknownPosts.error.code).toBe("handle_not_found");
    const unsupported = await ws.get(`/v1/discover/profiles/someone?account=${tiktok}`);
    expect(unsupported.error).toMatchObject({ code: "capability_unsupported", param: "account", platform: "tiktok" });
    const missing = await ws.get("/v1/discover/profiles/someone");
    expect(missing.error).toMatchObject({ code: "field_required", param: "account" });
  });

  it("answers Instagram's business discovery through the page door, and refuses the Instagram door", async () => {
    const ws = await testWorkspace(t);
    const brand = await connect(ws, "instagram", { variant: "facebook_login" });
    await connect(ws, "instagram", { handle: "pro_bakery", variant: "facebook_login" });
    const found = await ws.get(`/v1/discover/profiles/pro_bakery?account=${brand}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body).toMatchObject({ platform: "instagram", handle: "pro_bakery", verified: null, followersCount: 0 });
    expect((await ws.get(`/v1/discover/profiles/not_a_pro?account=${brand}`)).error.code).toBe("handle_not_found");
    const solo = await connect(ws, "instagram");
    expect((await ws.get(`/v1/discover/profiles/pro_bakery?account=${solo}`)).error.code).toBe("photo_page_door_required");
  });
});

describe("GET /v1/discover/creators", () => {
  it("searches Instagram's creator marketplace; sandbox creators are samples without a portfolio", async () => {
    const ws = await testWorkspace(t);
    const brand = await connect(ws, "instagram", { variant: "facebook_login" });
    const response = await ws.get(`/v1/discover/creators?account=${brand}&countries=us,gb&limit=1`);
    expect(response.status, response.text).toBe(200);
    const page = response.body;
    expect(page.platform).toBe("instagram");
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ sample: true, portfolioUrl: null, platforms: ["instagram"] });
    expect(page.cursor).not.toBeNull();
    const next = (await ws.get(`/v1/discover/creators?account=${brand}&countries=us,gb&limit=1&cursor=${encodeURIComponent(page.cursor ?? "")}`)).body;
    expect([page.items[0]?.country, next.items[0]?.country].sort()).toEqual(["GB", "US"]);
    expect(next.cursor).toBeNull();
  });

  it("says why creator search is refused, as the account's discovers.creators said beforehand", async () => {
    const ws = await testWorkspace(t);
    const cases: [string, number, string][] = [
      [await connect(ws, "instagram"), 400, "photo_page_door_required"],
      [await connect(ws, "facebook"), 422, "creator_marketplace_unavailable"],
      [await connect(ws, "bluesky"), 400, "creator_search_unsupported"],
    ];
    for (const [account, status, code] of cases) {
      const view = (await ws.get(`/v1/social-accounts/${account}`)).body;
      expect(view.discovers.creators).toBe(false);
      const response = await ws.get(`/v1/discover/creators?account=${account}`);
      expect(response.status).toBe(status);
      expect(response.error).toMatchObject({ code, param: "account" });
    }
    const facebook = cases[1]?.[0] ?? "";
    expect((await ws.get(`/v1/discover/creators?account=${facebook}`)).error).toMatchObject({
      message: expect.stringContaining("not published the path of its search edge"),
      fix: expect.stringContaining("Instagram account connected through Facebook Login"),
    });
    const lookup = await ws.get(`/v1/discover/profiles/someonespage?account=${facebook}`);
    expect(lookup.status).toBe(400);
    expect(lookup.error).toMatchObject({
      code: "capability_unsupported",
      platform: "facebook",
      message: expect.stringContaining("Page Public Metadata Access"),
      fix: expect.stringContaining("Instagram"),
    });
    const notOnboarded = await connect(ws, "instagram", { handle: "not-onboarded-brand", variant: "facebook_login" });
    const refused = await ws.get(`/v1/discover/creators?account=${notOnboarded}`);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: "creator_marketplace_not_onboarded", retryable: false, fix: expect.stringMatching(/Creator marketplace/) });
    const badCountry = await ws.get(`/v1/discover/creators?account=${notOnboarded}&countries=usa`);
    expect(badCountry.error).toMatchObject({ code: "field_invalid", param: "countries" });
    expect((await ws.get(`/v1/discover/creators?account=${notOnboarded}&limit=51`)).error.param).toBe("limit");
  });
});

describe("GET /v1/discover/places", () => {
  it("finds places on Instagram and Facebook by name, nearest first near a point", async () => {
    const ws = await testWorkspace(t);
    const instagram = await connect(ws, "instagram", { variant: "facebook_login" });
    const facebook = await connect(ws, "facebook");
    const response = await ws.get(`/v1/discover/places?account=${instagram}&q=paris&latitude=48.8606&longitude=2.3376`);
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.platform).toBe("instagram");
    expect(body.items.map((p) => p.name)).toEqual(["Louvre Museum", "Eiffel Tower"]);
    const fb = (await ws.get(`/v1/discover/places?account=${facebook}&q=berlin`)).body;
    expect(fb).toMatchObject({ platform: "facebook", items: [{ name: "Brandenburg Gate", city: "Berlin" }] });
  });

  it("finds places near a point without a name on Instagram and Facebook, and the id tags a post", async () => {
    const ws = await testWorkspace(t);
    const instagram = await connect(ws, "instagram", { variant: "facebook_login" });
    const facebook = await connect(ws, "facebook");
    for (const account of [instagram, facebook]) {
      const near = await ws.get(`/v1/discover/places?account=${account}&latitude=51.5&longitude=-0.1`);
      expect(near.status, near.text).toBe(200);
      const names = near.body.items.map((p) => p.name);
      expect(names.slice(0, 2)).toEqual(["Tower of London", "Eiffel Tower"]);
    }
    const [first] = (await ws.get(`/v1/discover/places?account=${instagram}&latitude=48.86&longitude=2.34`)).body.items;
    expect(first?.name).toBe("Louvre Museum");
    const byName = (await ws.get(`/v1/discover/places?account=${instagram}&q=louvre`)).body.items;
    expect(byName.map((p) => p.id)).toEqual([first?.id]);
    const alone = await ws.get(`/v1/discover/places?account=${facebook}&latitude=48.86`);
    expect(alone.status).toBe(400);
    expect(alone.error).toMatchObject({ code: "field_required", param: "longitude", fix: expect.stringContaining("longitude") });
  });

  it("refuses networks without place search and coordinates that do not go together", async () => {
    const ws = await testWorkspace(t);
    const x = await connect(ws, "twitter");
    const unsupported = await ws.get(`/v1/discover/places?account=${x}&q=paris`);
    expect(unsupported.status).toBe(400);
    expect(unsupported.error).toMatchObject({ code: "place_search_unsupported", platform: "twitter", fix: expect.stringMatching(/Instagram.*Facebook.*Threads/) });
    const cases: [string, string][] = [
      ["latitude=48.8", "longitude"],
      ["longitude=2.3", "latitude"],
      ["q=x&latitude=91&longitude=0", "latitude"],
      ["q=x&latitude=0&longitude=-181", "longitude"],
      ["q=x&latitude=north&longitude=0", "latitude"],
      ["", "q"],
    ];
    for (const [query, param] of cases) {
      const response = await ws.get(`/v1/discover/places?account=${x}&${query}`);
      expect(response.status, query).toBe(400);
      expect(response.error.param, query).toBe(param);
    }
  });
});

describe("platformOptions.<network>.locationId from place search", () => {
  it("publishes with a place found on the same network; refuses a malformed id at validate, an unknown one at publish, and any on another network", async () => {
    const ws = await testWorkspace(t);
    const instagram = await connect(ws, "instagram", { variant: "facebook_login" });
    const bluesky = await connect(ws, "bluesky");
    const places = (await ws.get(`/v1/discover/places?account=${instagram}&q=eiffel`)).body;
    const placeId = places.items[0]?.id ?? "";
    const uploaded = await ws.post("/v1/media", undefined, { raw: jpeg(1080, 1080), headers: { "content-type": "image/jpeg" } });
    const media = uploaded.body.id;
    const body = (locationId: string, network = "instagram") => ({ text: "At the tower", media: [media], accounts: [instagram, bluesky], platformOptions: { [network]: { locationId } } });

    const check = async (json: object) => (await ws.post("/v1/posts/validate", json)).body;
    expect((await check(body(placeId))).targets.flatMap((tg) => tg.errors)).toEqual([]);
    expect((await check(body("eiffel-tower"))).targets.find((tg) => tg.platform === "instagram")?.errors).toEqual([
      expect.objectContaining({ code: "option_invalid", param: "platformOptions.instagram.locationId" }),
    ]);
    // The description already refuses a `locationId` where the network has none, so this request goes around the validating proxy.
    const elsewhere = await t.app.request("http://localhost/v1/posts/validate", {
      method: "POST",
      headers: { authorization: `Bearer ${ws.key}`, "content-type": "application/json" },
      body: JSON.stringify(body(placeId, "bluesky")),
    });
    const report = (await reply<SuccessBody<"POST", "/v1/posts/validate">>(elsewhere)).body;
    expect(report.targets.find((tg) => tg.platform === "bluesky")?.errors).toEqual([expect.objectContaining({ code: "option_invalid", param: "platformOptions.bluesky.locationId" })]);

    const published = await ws.post("/v1/posts", { ...body(placeId), accounts: [instagram] });
    expect(published.status, published.text).toBe(201);
    const unknown = await ws.post("/v1/posts", { ...body("123456789012345"), accounts: [instagram] });
    const post = unknown.body;
    expect(post.targets[0]?.state).toBe("failed");
    expect(post.targets[0]?.error?.code).toBe("option_invalid");
  });
});
