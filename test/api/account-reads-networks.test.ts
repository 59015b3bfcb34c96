import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * GET /v1/social-accounts/{id}/posts, /followers and /following on the networks that gained
 * them with issue 9 (Facebook pages, Instagram, Threads, TikTok, Pinterest, LinkedIn company
 * pages, Google Business locations), through the public API and the sandbox simulators.
 */

const networks = ["facebook", "instagram", "threads", "tiktok", "pinterest", "googlebusiness"] as const satisfies readonly PlatformId[];

let t: TestApp;
let ws: WorkspaceFixture;
const accounts: Record<string, string> = {};
/** The two posts published to every network, oldest first, each with its network id per platform. */
const published: { id: string; text: string; networkIds: Record<string, string> }[] = [];

async function read<P extends string>(path: P) {
  const response = await ws.get(path);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function firstTarget(account: string, kind?: string): Promise<string> {
  const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
  return targets.items.find((target) => !kind || target.kind === kind)?.id ?? "";
}

async function upload(width: number, height: number): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: jpeg(width, height), headers: { "content-type": "image/jpeg" } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function publishEverywhere(text: string, media: { square: string; portrait: string }, linkedinOrganization: string): Promise<void> {
  const response = await ws.post("/v1/posts", {
    text,
    accounts: [...networks.map((n) => accounts[n] ?? ""), accounts.linkedin ?? ""],
    media: [media.square],
    mediaOverrides: { tiktok: [media.portrait] },
    platformOptions: {
      facebook: { pageId: await firstTarget(accounts.facebook ?? "") },
      pinterest: { boardId: await firstTarget(accounts.pinterest ?? ""), title: text },
      googlebusiness: { location: await firstTarget(accounts.googlebusiness ?? "") },
      tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: text },
      linkedin: { author: linkedinOrganization },
    },
  });
  expect(response.status, response.text).toBe(201);
  const { id } = response.body;
  // Asynchronous publishes (TikTok, Instagram) finish through the poller's clock.
  let targets: { platform: string; state: string; networkPostId: string | null; error: unknown }[] = [];
  for (let i = 0; i < 20; i++) {
    targets = (await ws.get(`/v1/posts/${id}`)).body.targets;
    if (targets.every((target) => target.state !== "processing")) break;
    t.clock.advance(30_000);
    await runDueJobs(t.jobRuntime());
  }
  for (const target of targets) expect(target.state, `${target.platform}: ${JSON.stringify(target.error)}`).toBe("published");
  published.push({ id, text, networkIds: Object.fromEntries(targets.map((target) => [target.platform, target.networkPostId ?? ""])) });
  t.clock.advance(60_000);
}

beforeAll(async () => {
  t = await createTestApp();
  ws = await testWorkspace(t, { plan: "subscription" });
  for (const platform of [...networks, "linkedin"]) {
    const response = await ws.post("/v1/social-accounts/connect", { platform, handle: `reads-${platform}` });
    expect(response.status, response.text).toBe(201);
    accounts[platform] = response.body.id;
  }
  const media = { square: await upload(1080, 1080), portrait: await upload(1080, 1920) };
  const organization = await firstTarget(accounts.linkedin ?? "", "organization");
  expect(organization).toMatch(/^urn:li:organization:/);
  await publishEverywhere("First of two, read back #chorus", media, organization);
  await publishEverywhere("Second of two, read back #chorus", media, organization);
  // Seven connections, an upload, two seven-network publishes and their processing.
}, 180_000);

describe("GET /v1/social-accounts/{id}/posts on the networks that gained it", () => {
  it.each([...networks, "linkedin"])("%s: lists the account's posts newest first, each with its Chorus post id, one page at a time", async (platform) => {
    const account = accounts[platform] ?? "";
    const expected = [...published].reverse().map((p) => [p.networkIds[platform], p.id]);
    const whole = await read(`/v1/social-accounts/${account}/posts`);
    expect(whole.problems).toEqual([]);
    expect(whole.platform).toBe(platform);
    // The two posts published above come first; anything older was made outside Chorus (some
    // sandbox people start with a post of their own) and carries no Chorus id.
    expect(whole.items.slice(0, 2).map((p) => [p.id, p.postId])).toEqual(expected);
    for (const older of whole.items.slice(2)) expect(older.postId).toBeNull();
    expect(whole.items[0]).toMatchObject({ account, platform, createdAt: expect.stringMatching(/Z$/) });
    expect(whole.items[0]?.url).toMatch(/^https:\/\//);
    expect(whole.cursor).toBeNull();

    const first = await read(`/v1/social-accounts/${account}/posts?limit=1`);
    expect(first.items.map((p) => p.postId)).toEqual([published[1]?.id]);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await read(`/v1/social-accounts/${account}/posts?limit=1&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(second.items.map((p) => p.postId)).toEqual([published[0]?.id]);
    // Paging on to the end meets every post once, in the same order as the whole list.
    const seen = [...first.items, ...second.items].map((p) => p.id);
    for (let cursor = second.cursor; cursor !== null; ) {
      const page = await read(`/v1/social-accounts/${account}/posts?limit=1&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.cursor;
      expect(seen.length).toBeLessThanOrEqual(whole.items.length);
    }
    expect(seen).toEqual(whole.items.map((p) => p.id));
  });

  it("shows the post's text as the person wrote it (LinkedIn's little-text markup undone)", async () => {
    for (const platform of ["facebook", "threads", "linkedin", "googlebusiness"]) {
      const page = await read(`/v1/social-accounts/${accounts[platform] ?? ""}/posts`);
      expect(page.items[0]?.text, platform).toBe(published[1]?.text);
    }
  });

  it("refuses a LinkedIn member without a company page with a problems entry saying why, never an empty success", async () => {
    const other = await testWorkspace(t);
    const connected = await other.post("/v1/social-accounts/connect", { platform: "linkedin", handle: "reads-member-only", variant: "member" });
    expect(connected.status, connected.text).toBe(201);
    const { id } = connected.body;
    const targets = (await other.get(`/v1/social-accounts/${id}/targets`)).body;
    expect(targets.items.filter((target) => target.kind === "organization")).toEqual([]);
    const response = await other.get(`/v1/social-accounts/${id}/posts`);
    expect(response.status).toBe(200);
    const page = response.body;
    expect(page).toMatchObject({ items: [], cursor: null, platform: "linkedin" });
    expect(page.problems).toEqual([expect.objectContaining({ account: id, code: "capability_unsupported", retryable: false })]);
    expect(page.problems[0]?.message).toContain("r_member_social");
  });
});

describe("followers and following", () => {
  it("lists a Pinterest account's followers as social actors, and whom it follows", async () => {
    const account = accounts.pinterest ?? "";
    for (const actor of ["pin_fan_one", "pin_fan_two"]) {
      const followed = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "follow", actor });
      expect(followed.status, followed.text).toBe(201);
      t.clock.advance(1000);
    }
    const first = await read(`/v1/social-accounts/${account}/followers?limit=1`);
    expect(first.items).toEqual([expect.objectContaining({ handle: "pin_fan_two", platform: "pinterest", url: "https://www.pinterest.com/pin_fan_two/" })]);
    const next = await read(`/v1/social-accounts/${account}/followers?limit=1&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(next.items.map((a) => a.handle)).toEqual(["pin_fan_one"]);
    expect(await read(`/v1/social-accounts/${account}/following`)).toMatchObject({ items: [], cursor: null, problems: [] });
    const unsupported = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "like", actor: "pin_fan_one" });
    expect(unsupported.status).toBe(400);
    expect(unsupported.error).toMatchObject({ code: "capability_unsupported", param: "action" });
  });

  it.each(["facebook", "instagram", "threads", "tiktok", "linkedin", "googlebusiness"])("%s: followers and following are a problems entry, not an empty list", async (platform) => {
    for (const side of ["followers", "following"] as const) {
      const page = await read(`/v1/social-accounts/${accounts[platform] ?? ""}/${side}`);
      expect(page).toMatchObject({ items: [], cursor: null, platform });
      expect(page.problems).toEqual([expect.objectContaining({ code: "capability_unsupported", retryable: false })]);
    }
  });

  it("publishes the reads in GET /v1/platforms from the same facets the routes use", async () => {
    const platforms = (await ws.get("/v1/platforms")).body.items;
    for (const platform of [...networks, "linkedin"]) {
      const reads = platforms.find((p) => p.platform === platform)?.reads ?? [];
      expect(reads, platform).toContain("posts");
      expect(reads.includes("followers"), platform).toBe(platform === "pinterest");
      expect(reads.includes("following"), platform).toBe(platform === "pinterest");
    }
  });
});

/** Networks whose refresh token renews an expired access token (Meta's long-lived tokens cannot be renewed once expired). */
const renewing: string[] = ["tiktok", "pinterest", "linkedin", "googlebusiness"];

describe("sandbox faults on the account reads", () => {
  it("an expired token is renewed where the network renews tokens, and is a needs_reauth problems entry where it cannot", async () => {
    const faulty = await testWorkspace(t);
    for (const platform of [...networks, "linkedin"]) {
      const connected = await faulty.post("/v1/social-accounts/connect", { platform, handle: `expiring-${platform}` });
      const { id } = connected.body;
      const set = await faulty.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: "expired_token" });
      expect(set.status, set.text).toBe(200);
      const page = (await faulty.get(`/v1/social-accounts/${id}/posts`)).body;
      if (renewing.includes(platform)) expect(page.problems, platform).toEqual([]);
      else expect(page.problems, platform).toEqual([expect.objectContaining({ account: id, code: "needs_reauth", retryable: false })]);
    }
  });

  it.each([
    ["rate_limited", "rate_limited", true],
    ["down", "platform_unavailable", true],
  ] as const)("a %s fault is a %s problems entry on every network", async (fault, code, retryable) => {
    const faulty = await testWorkspace(t);
    for (const platform of [...networks, "linkedin"]) {
      const connected = await faulty.post("/v1/social-accounts/connect", { platform, handle: `fault-${fault}-${platform}` });
      const { id } = connected.body;
      const set = await faulty.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault });
      expect(set.status, set.text).toBe(200);
      const response = await faulty.get(`/v1/social-accounts/${id}/posts`);
      expect(response.status, platform).toBe(200);
      const page = response.body;
      expect(page.items, platform).toEqual([]);
      expect(page.problems, platform).toEqual([expect.objectContaining({ account: id, code, retryable })]);
    }
  });
});
