import { eq } from "drizzle-orm";
import { workspaces } from "../src/db/schema/index.js";
import type { Database } from "../src/db/types.js";
import { createWorkspace } from "../src/domain/workspaces/create-workspace.js";
import type { PlatformId } from "../src/types/platform-ids.js";
import { platformIds } from "../src/networks/registry.js";
import { jpeg, mp4 } from "../test/unit/media-fixtures.js";
import type { TimedResponse, createClient } from "./http-client.js";

export type HttpClient = ReturnType<typeof createClient>;

export interface PostTargetView {
  id: string;
  platform: string;
  state: string;
  publishedAt: string | null;
  error: unknown;
}

export interface PostView {
  id: string;
  state: string;
  scheduledAt: string | null;
  targets: PostTargetView[];
}

/** One sandbox account on each network, connected through the API, with a destination where one is needed. */
export interface AccountSet {
  /** Chorus account id per network, all in profile `brand`. */
  accounts: Record<PlatformId, string>;
  platformOptions: Partial<Record<PlatformId, Record<string, unknown>>>;
}

export interface PublishFixture {
  auth: Record<string, string>;
  /** The fixture's workspace: its own sandbox world is the one the probe watches. */
  workspaceId: string;
  /**
   * Connects a fresh account on every network. The simulators enforce the networks' posting caps
   * per account (TikTok: 6 inits a minute per token and 15 Direct Posts a day; YouTube: 15 uploads
   * a channel a day), so the bench spreads its publishes over several sets.
   */
  newAccountSet(): Promise<AccountSet>;
  /** A POST /v1/posts body that validates on every network of `platforms` (accounts named explicitly). */
  body(set: AccountSet, platforms: readonly PlatformId[], text: string): Record<string, unknown>;
  /** Sets (or with null clears) the `slow` fault on every account of the set. */
  setSlow(set: AccountSet, delayMs: number | null): Promise<void>;
}

export function expectStatus(response: TimedResponse, status: number, what: string): unknown {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}, expected ${status}: ${response.body.slice(0, 500)}`);
  return JSON.parse(response.body) as unknown;
}

/**
 * A workspace of its own for publishing: subscription plan (all ten networks), credits and
 * per-minute limits raised so nothing but the networks decides an outcome, sandbox accounts
 * connected through the API (POST /v1/social-accounts/connect, as a test key does), and the media
 * of test/api/publish-ten-networks.test.ts uploaded with POST /v1/media: a square JPEG for
 * everyone, a 9:16 JPEG for TikTok, an MP4 for YouTube.
 */
export async function createPublishFixture(db: Database, http: HttpClient): Promise<PublishFixture> {
  const created = await createWorkspace(db, {
    name: "Bench publishing",
    email: "bench-publishing@example.com",
    plan: "subscription",
    grantTestCredits: 1_000_000,
    keyMode: "test",
    actor: "bench",
    at: new Date(),
  });
  const unlimited = 100_000_000;
  await db
    .update(workspaces)
    .set({ apiPerMinute: unlimited, postsPerMinute: unlimited, profileApiPerMinute: unlimited, profilePostsPerMinute: unlimited })
    .where(eq(workspaces.id, created.workspaceId));
  const auth = { authorization: `Bearer ${created.apiKey.key}` };
  expectStatus(await http.json("POST", "/v1/profiles", { username: "brand" }, auth), 201, "POST /v1/profiles");

  const upload = async (bytes: Uint8Array, type: string) => {
    const response = await http.send("POST", "/v1/media", { ...auth, "content-type": type }, bytes);
    return (expectStatus(response, 201, "POST /v1/media") as { id: string }).id;
  };
  const square = await upload(jpeg(1080, 1080), "image/jpeg");
  const portrait = await upload(jpeg(1080, 1920), "image/jpeg");
  const video = await upload(mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
  const mediaOverrides: Partial<Record<PlatformId, string[]>> = { tiktok: [portrait], youtube: [video] };

  let sets = 0;
  return {
    workspaceId: created.workspaceId,
    auth,
    async newAccountSet() {
      const n = ++sets;
      const accounts = {} as Record<PlatformId, string>;
      for (const platform of platformIds) {
        const body =
          platform === "bluesky" ? { platform, handle: `bench-${n}.test`, appPassword: "abcd-efgh-ijkl-mnop", profile: "brand" } : { platform, handle: `bench-${n}-${platform}`, profile: "brand" };
        const account = expectStatus(await http.json("POST", "/v1/social-accounts/connect", body, auth), 201, `connect ${platform}`) as { id: string };
        accounts[platform] = account.id;
      }
      const firstTarget = async (platform: PlatformId) => {
        const targets = expectStatus(await http.get(`/v1/social-accounts/${accounts[platform]}/targets`, auth), 200, `targets of ${platform}`) as { items: { id: string }[] };
        const id = targets.items[0]?.id;
        if (!id) throw new Error(`no destination for the ${platform} account`);
        return id;
      };
      const platformOptions: Partial<Record<PlatformId, Record<string, unknown>>> = {
        facebook: { pageId: await firstTarget("facebook") },
        pinterest: { boardId: await firstTarget("pinterest"), title: "Launch day" },
        googlebusiness: { location: await firstTarget("googlebusiness") },
        youtube: { title: "Launch day", privacyStatus: "public" },
        tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: "Launch day" },
      };
      return { accounts, platformOptions };
    },
    body(set, platforms, text) {
      const pick = <T>(record: Partial<Record<PlatformId, T>>) => Object.fromEntries(platforms.flatMap((p) => (record[p] === undefined ? [] : [[p, record[p]]])));
      return {
        accounts: platforms.map((p) => set.accounts[p]),
        text,
        media: [square],
        mediaAlt: ["The Chorus logo"],
        mediaOverrides: pick(mediaOverrides),
        platformOptions: pick(set.platformOptions),
      };
    },
    async setSlow(set, delayMs) {
      for (const platform of platformIds) {
        const body = delayMs === null ? { fault: null } : { fault: "slow", delayMs };
        expectStatus(await http.json("PUT", `/v1/sandbox/social-accounts/${set.accounts[platform]}/fault`, body, auth), 200, `fault on ${platform}`);
      }
    },
  };
}
