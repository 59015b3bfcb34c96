import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * GET /v1/social-accounts/{id}/posts, /followers and /following on the networks that gained
 * them with issue 9 (Facebook pages, Instagram, Threads, TikTok, Pinterest, LinkedIn company
 * pages, Google Business locations), through the public API and the sandbox simulators.
 */

type Page<T> = { items: T[]; cursor: string | null; platform: string; problems: { account: string; code: string; message: string; retryable: boolean }[] };
type Post = { id: string; postId: string | null; account: string; platform: string; url: string | null; text: string | null; createdAt: string; kind: string };

const networks = ["facebook", "instagram", "threads", "tiktok", "pinterest", "googlebusiness"] as const satisfies readonly PlatformId[];

let t: TestApp;
let ws: TestWorkspace;
const accounts: Record<string, string> = {};
/** The two posts published to every network, oldest first, each with its network id per platform. */
const published: { id: string; text: string; networkIds: Record<string, string> }[] = [];

async function read<T>(path: string): Promise<Page<T>> {
  const response = await ws.request(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page<T>;
}

async function firstTarget(account: string, kind?: string): Promise<string> {
  const targets = (await (await ws.request(`/v1/social-accounts/${account}/targets`)).json()) as { items: { id: string; kind: string }[] };
  return targets.items.find((target) => !kind || target.kind === kind)?.id ?? "";
}

async function upload(width: number, height: number): Promise<string> {
  const response = await ws.request("/v1/media", { method: "POST", body: jpeg(width, height), headers: { "content-type": "image/jpeg" } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function publishEverywhere(text: string, media: { square: string; portrait: string }, linkedinOrganization: string): Promise<void> {
  const response = await ws.request("/v1/posts", {
    method: "POST",
    json: {
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
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // Asynchronous publishes (TikTok, Instagram) finish through the poller's clock.
  let targets: { platform: string; state: string; networkPostId: string | null; error: unknown }[] = [];
  for (let i = 0; i < 20; i++) {
    targets = ((await (await ws.request(`/v1/posts/${id}`)).json()) as { targets: typeof targets }).targets;
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
  ws = await t.workspace({ plan: "subscription" });
  for (const platform of [...networks, "linkedin"]) {
    const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle: `reads-${platform}` } });
    expect(response.status, await response.clone().text()).toBe(201);
    accounts[platform] = ((await response.json()) as { id: string }).id;
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
    const whole = await read<Post>(`/v1/social-accounts/${account}/posts`);
    expect(whole.problems).toEqual([]);
    expect(whole.platform).toBe(platform);
    // The two posts published above come first; anything older was made outside Chorus (some
    // sandbox people start with a post of their own) and carries no Chorus id.
    expect(whole.items.slice(0, 2).map((p) => [p.id, p.postId])).toEqual(expected);
    for (const older of whole.items.slice(2)) expect(older.postId).toBeNull();
    expect(whole.items[0]).toMatchObject({ account, platform, createdAt: expect.stringMatching(/Z$/) });
    expect(whole.items[0]?.url).toMatch(/^https:\/\//);
    expect(whole.cursor).toBeNull();

    const first = await read<Post>(`/v1/social-accounts/${account}/posts?limit=1`);
    expect(first.items.map((p) => p.postId)).toEqual([published[1]?.id]);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await read<Post>(`/v1/social-accounts/${account}/posts?limit=1&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(second.items.map((p) => p.postId)).toEqual([published[0]?.id]);
    // Paging on to the end meets every post once, in the same order as the whole list.
    const seen = [...first.items, ...second.items].map((p) => p.id);
    for (let cursor = second.cursor; cursor !== null; ) {
      const page: Page<Post> = await read<Post>(`/v1/social-accounts/${account}/posts?limit=1&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.cursor;
      expect(seen.length).toBeLessThanOrEqual(whole.items.length);
    }
    expect(seen).toEqual(whole.items.map((p) => p.id));
  });

  it("shows the post's text as the person wrote it (LinkedIn's little-text markup undone)", async () => {
    for (const platform of ["facebook", "threads", "linkedin", "googlebusiness"]) {
      const page = await read<Post>(`/v1/social-accounts/${accounts[platform] ?? ""}/posts`);
      expect(page.items[0]?.text, platform).toBe(published[1]?.text);
    }
  });

  it("refuses a LinkedIn member without a company page with a problems entry saying why, never an empty success", async () => {
    const other = await t.workspace();
    const connected = await other.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "linkedin", handle: "reads-member-only", variant: "member" } });
    expect(connected.status, await connected.clone().text()).toBe(201);
    const { id } = (await connected.json()) as { id: string };
    const targets = (await (await other.request(`/v1/social-accounts/${id}/targets`)).json()) as { items: { kind: string }[] };
    expect(targets.items.filter((target) => target.kind === "organization")).toEqual([]);
    const response = await other.request(`/v1/social-accounts/${id}/posts`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page<Post>;
    expect(page).toMatchObject({ items: [], cursor: null, platform: "linkedin" });
    expect(page.problems).toEqual([expect.objectContaining({ account: id, code: "capability_unsupported", retryable: false })]);
    expect(page.problems[0]?.message).toContain("r_member_social");
  });
});

describe("followers and following", () => {
  it("lists a Pinterest account's followers as social actors, and whom it follows", async () => {
    const account = accounts.pinterest ?? "";
    for (const actor of ["pin_fan_one", "pin_fan_two"]) {
      const followed = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "follow", actor } });
      expect(followed.status, await followed.clone().text()).toBe(201);
      t.clock.advance(1000);
    }
    const first = await read<{ id: string; handle: string; platform: string; url: string }>(`/v1/social-accounts/${account}/followers?limit=1`);
    expect(first.items).toEqual([expect.objectContaining({ handle: "pin_fan_two", platform: "pinterest", url: "https://www.pinterest.com/pin_fan_two/" })]);
    const next = await read<{ handle: string }>(`/v1/social-accounts/${account}/followers?limit=1&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(next.items.map((a) => a.handle)).toEqual(["pin_fan_one"]);
    expect(await read(`/v1/social-accounts/${account}/following`)).toMatchObject({ items: [], cursor: null, problems: [] });
    const unsupported = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "like", actor: "pin_fan_one" } });
    expect(unsupported.status).toBe(400);
    expect(await errorOf(unsupported)).toMatchObject({ code: "capability_unsupported", param: "action" });
  });

  it.each(["facebook", "instagram", "threads", "tiktok", "linkedin", "googlebusiness"])("%s: followers and following are a problems entry, not an empty list", async (platform) => {
    for (const side of ["followers", "following"]) {
      const page = await read(`/v1/social-accounts/${accounts[platform] ?? ""}/${side}`);
      expect(page).toMatchObject({ items: [], cursor: null, platform });
      expect(page.problems).toEqual([expect.objectContaining({ code: "capability_unsupported", retryable: false })]);
    }
  });

  it("publishes the reads in GET /v1/platforms from the same facets the routes use", async () => {
    const platforms = ((await (await ws.request("/v1/platforms")).json()) as { items: { platform: string; reads: string[] }[] }).items;
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
    const faulty = await t.workspace();
    for (const platform of [...networks, "linkedin"]) {
      const connected = await faulty.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle: `expiring-${platform}` } });
      const { id } = (await connected.json()) as { id: string };
      const set = await faulty.request(`/v1/sandbox/social-accounts/${id}/fault`, { method: "PUT", json: { fault: "expired_token" } });
      expect(set.status, await set.clone().text()).toBe(200);
      const page = (await (await faulty.request(`/v1/social-accounts/${id}/posts`)).json()) as Page<Post>;
      if (renewing.includes(platform)) expect(page.problems, platform).toEqual([]);
      else expect(page.problems, platform).toEqual([expect.objectContaining({ account: id, code: "needs_reauth", retryable: false })]);
    }
  });

  it.each([
    ["rate_limited", "rate_limited", true],
    ["down", "platform_unavailable", true],
  ] as const)("a %s fault is a %s problems entry on every network", async (fault, code, retryable) => {
    const faulty = await t.workspace();
    for (const platform of [...networks, "linkedin"]) {
      const connected = await faulty.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle: `fault-${fault}-${platform}` } });
      const { id } = (await connected.json()) as { id: string };
      const set = await faulty.request(`/v1/sandbox/social-accounts/${id}/fault`, { method: "PUT", json: { fault } });
      expect(set.status, await set.clone().text()).toBe(200);
      const response = await faulty.request(`/v1/social-accounts/${id}/posts`);
      expect(response.status, platform).toBe(200);
      const page = (await response.json()) as Page<Post>;
      expect(page.items, platform).toEqual([]);
      expect(page.problems, platform).toEqual([expect.objectContaining({ account: id, code, retryable })]);
    }
  });
});
