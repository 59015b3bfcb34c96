import { eq } from "drizzle-orm";
import { createApp } from "../src/app.js";
import type { AppDeps } from "../src/deps.js";
import { analyticsCache, postTargets, posts, workspaces } from "../src/db/schema/index.js";
import type { Database } from "../src/db/types.js";

/**
 * The analytics bench's workspace, on whichever database the runtime has: 10 accounts over the
 * four networks with account analytics, 1,000 published posts (100 per account, stored as Chorus
 * records so the fixture costs no network calls), every account's network answering each call
 * `delayMs` late. The requests go through the app's fetch handler.
 */

/** Ten accounts over the four networks with account analytics. */
const PLATFORMS = ["bluesky", "bluesky", "bluesky", "twitter", "twitter", "twitter", "youtube", "youtube", "pinterest", "pinterest"] as const;
export const POSTS_PER_ACCOUNT = 100;

export interface AnalyticsFixture {
  accounts: { id: string; platform: string }[];
  call: (path: string, init?: { method?: string; json?: unknown }) => Promise<Record<string, unknown>>;
  time: (path: string) => Promise<{ ms: number; body: Record<string, unknown> }>;
  emptyCache: () => Promise<unknown>;
}

export async function seedAnalyticsFixture(runtime: { db: Database; deps: AppDeps; workspaceId: string; key: string }, delayMs: number): Promise<AnalyticsFixture> {
  await runtime.db.update(workspaces).set({ plan: "subscription" }).where(eq(workspaces.id, runtime.workspaceId));
  const app = createApp(runtime.deps);
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const response = await app.request(`http://127.0.0.1${path}`, {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${runtime.key}`, ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const accounts: { id: string; platform: (typeof PLATFORMS)[number] }[] = [];
  for (const [i, platform] of PLATFORMS.entries()) {
    const json = platform === "bluesky" ? { platform, handle: `stats${i}.test`, appPassword: "abcd-efgh-ijkl-mnop" } : { platform, handle: `stats_${platform}_${i}` };
    const { id } = (await call("/v1/social-accounts/connect", { method: "POST", json })) as { id: string };
    accounts.push({ id, platform });
  }
  // 1,000 published posts, 100 per account, one target each, spread over the last 30 days.
  const now = Date.now();
  for (const account of accounts) {
    const rows = Array.from({ length: POSTS_PER_ACCOUNT }, (_, n) => ({
      n,
      id: `post_bench${account.id.slice(-8)}${String(n).padStart(4, "0")}`,
      at: new Date(now - (n % 29) * 86_400_000 - n * 60_000),
    }));
    await runtime.db.insert(posts).values(
      rows.map((r) => ({
        id: r.id,
        workspaceId: runtime.workspaceId,
        state: "published",
        text: `bench post ${r.n}`,
        textOverrides: {},
        media: [],
        mediaAlt: [],
        mediaOverrides: {},
        mediaAltOverrides: {},
        platformOptions: {},
        mode: "test" as const,
        createdAt: r.at,
        publishedAt: r.at,
      })),
    );
    await runtime.db.insert(postTargets).values(
      rows.map((r) => ({
        id: `tgt_bench${account.id.slice(-8)}${String(r.n).padStart(4, "0")}`,
        postId: r.id,
        workspaceId: runtime.workspaceId,
        accountId: account.id,
        platform: account.platform,
        handle: "bench",
        state: "published",
        networkPostId: account.platform === "bluesky" ? `at://did:plc:bench/app.bsky.feed.post/${r.n}` : String(1_000_000_000 + r.n),
        publishedAt: r.at,
      })),
    );
    await call(`/v1/sandbox/social-accounts/${account.id}/fault`, { method: "PUT", json: { fault: "slow", delayMs } });
  }
  const time = async (path: string) => {
    const started = performance.now();
    const body = await call(path);
    return { ms: performance.now() - started, body };
  };
  const emptyCache = () => runtime.db.delete(analyticsCache).where(eq(analyticsCache.workspaceId, runtime.workspaceId));
  return { accounts, call, time, emptyCache };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Cold reads, the cache emptied before each: one account's, then all ten, `runs` times; medians. */
export async function measureCold(f: AnalyticsFixture, runs: number): Promise<{ oneAccountColdMs: number; tenAccountsColdMs: number; problems: string[] }> {
  const one: number[] = [];
  const ten: number[] = [];
  let problems: string[] = [];
  for (let run = 0; run < runs; run++) {
    await f.emptyCache();
    one.push((await f.time(`/v1/analytics?period=30d&account=${f.accounts[0]?.id ?? ""}`)).ms);
    await f.emptyCache();
    const cold = await f.time("/v1/analytics?period=30d");
    ten.push(cold.ms);
    problems = ((cold.body.problems as { account: string; code: string }[] | undefined) ?? []).map((p) => `${p.account} ${p.code}`);
  }
  return { oneAccountColdMs: median(one), tenAccountsColdMs: median(ten), problems };
}
