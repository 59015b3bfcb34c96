/**
 * `npx tsx bench/analytics.ts` (also run at the end of `npm run bench`): GET /v1/analytics?period=30d
 * for a workspace with 10 accounts and 1,000 published posts (100 per account, stored as Chorus
 * records so the fixture costs no network calls).
 * - Cached: the answer once every account's totals are in the cache, counted in database round
 *   trips at the PGlite client (target: under 2 per request).
 * - Cold: every network answering each call 300 ms late, the cache emptied before each read; ten
 *   accounts against one (target: at most 1.2x).
 * The Node runtime with real sleeps, through the app's fetch handler; printed and returned, never asserted.
 */
import { eq, sql } from "drizzle-orm";
import { createApp } from "../src/app.js";
import { analyticsCache, postTargets, posts, workspaces } from "../src/db/schema/index.js";
import { countRoundTrips } from "./counting-client.js";
import { openBenchRuntime } from "./setup.js";

export const ANALYTICS_CACHED_ROUND_TRIPS_TARGET = 2;
export const ANALYTICS_COLD_RATIO_TARGET = 1.2;
const DELAY_MS = Number(process.env.BENCH_ANALYTICS_DELAY_MS ?? "300");
const POSTS_PER_ACCOUNT = 100;
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? "5");
/** Ten accounts over the four networks with account analytics. */
const PLATFORMS = ["bluesky", "bluesky", "bluesky", "twitter", "twitter", "twitter", "youtube", "youtube", "pinterest", "pinterest"] as const;

export interface AnalyticsBenchResult {
  accounts: number;
  posts: number;
  cachedRoundTrips: number;
  cachedMs: number;
  cachedMet: boolean;
  oneAccountColdMs: number;
  tenAccountsColdMs: number;
  ratio: number;
  ratioMet: boolean;
  problems: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function runAnalyticsBench(): Promise<AnalyticsBenchResult> {
  const runtime = await openBenchRuntime();
  try {
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
    const accounts: { id: string; platform: string }[] = [];
    for (const [i, platform] of PLATFORMS.entries()) {
      const json = platform === "bluesky" ? { platform, handle: `stats${i}.test`, appPassword: "abcd-efgh-ijkl-mnop" } : { platform, handle: `stats_${platform}_${i}` };
      const { id } = (await call("/v1/social-accounts/connect", { method: "POST", json })) as { id: string };
      accounts.push({ id, platform });
    }
    // 1,000 published posts, 100 per account, one target each, spread over the last 30 days.
    const now = Date.now();
    for (const account of accounts) {
      const rows = Array.from({ length: POSTS_PER_ACCOUNT }, (_, n) => ({ n, id: `post_bench${account.id.slice(-8)}${String(n).padStart(4, "0")}`, at: new Date(now - (n % 29) * 86_400_000 - n * 60_000) }));
      await runtime.db.insert(posts).values(
        rows.map((r) => ({ id: r.id, workspaceId: runtime.workspaceId, state: "published", text: `bench post ${r.n}`, textOverrides: {}, media: [], mediaAlt: [], mediaOverrides: {}, mediaAltOverrides: {}, platformOptions: {}, mode: "test" as const, createdAt: r.at, publishedAt: r.at })),
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
      await call(`/v1/sandbox/social-accounts/${account.id}/fault`, { method: "PUT", json: { fault: "slow", delayMs: DELAY_MS } });
    }
    const emptyCache = () => runtime.db.delete(analyticsCache).where(eq(analyticsCache.workspaceId, runtime.workspaceId));
    const time = async (path: string) => {
      const started = performance.now();
      const body = await call(path);
      return { ms: performance.now() - started, body };
    };
    await time("/v1/analytics?period=30d"); // warm-up (and the first tokens refresh)
    const one: number[] = [];
    const ten: number[] = [];
    let problems: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      await emptyCache();
      one.push((await time(`/v1/analytics?period=30d&account=${accounts[0]?.id ?? ""}`)).ms);
      await emptyCache();
      const cold = await time("/v1/analytics?period=30d");
      ten.push(cold.ms);
      problems = ((cold.body.problems as { account: string; code: string }[] | undefined) ?? []).map((p) => `${p.account} ${p.code}`);
    }
    if (process.env.BENCH_ANALYTICS_PER_ACCOUNT === "1") {
      for (const account of accounts) {
        await emptyCache();
        console.log(`  ${account.platform} alone: ${(await time(`/v1/analytics?period=30d&account=${account.id}`)).ms.toFixed(0)} ms`);
      }
      await time("/v1/analytics?period=30d&refresh=true");
    }
    // Cached: every account's totals are stored by the last cold read.
    const counter = countRoundTrips(runtime.client);
    const cachedTimes: number[] = [];
    const trips: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const before = counter.total();
      const cached = await time("/v1/analytics?period=30d");
      trips.push(counter.total() - before);
      cachedTimes.push(cached.ms);
      const accountsAnswered = (cached.body.accounts as { cached: boolean }[] | undefined) ?? [];
      if (accountsAnswered.some((a) => !a.cached)) throw new Error("a cached read went to a network");
    }
    const count = (await runtime.db.select({ n: sql<number>`count(*)::int` }).from(postTargets).where(eq(postTargets.workspaceId, runtime.workspaceId)))[0]?.n ?? 0;
    const oneAccountColdMs = median(one);
    const tenAccountsColdMs = median(ten);
    const ratio = tenAccountsColdMs / oneAccountColdMs;
    const cachedRoundTrips = median(trips);
    const result: AnalyticsBenchResult = {
      accounts: accounts.length,
      posts: count,
      cachedRoundTrips,
      cachedMs: median(cachedTimes),
      cachedMet: cachedRoundTrips < ANALYTICS_CACHED_ROUND_TRIPS_TARGET,
      oneAccountColdMs,
      tenAccountsColdMs,
      ratio,
      ratioMet: ratio <= ANALYTICS_COLD_RATIO_TARGET,
      problems,
    };
    const ok = (met: boolean) => (met ? "met" : "MISSED");
    console.log(`Analytics (GET /v1/analytics?period=30d, ${result.accounts} accounts, ${result.posts} published posts, medians of ${RUNS}):`);
    console.log(`  cached: ${cachedRoundTrips} database round trips, ${result.cachedMs.toFixed(1)} ms   target < ${ANALYTICS_CACHED_ROUND_TRIPS_TARGET}: ${ok(result.cachedMet)}`);
    console.log(`  cold, every network call ${DELAY_MS} ms late: 1 account ${oneAccountColdMs.toFixed(0)} ms   10 accounts ${tenAccountsColdMs.toFixed(0)} ms   ratio ${ratio.toFixed(2)}   target <= ${ANALYTICS_COLD_RATIO_TARGET}: ${ok(result.ratioMet)}${problems.length > 0 ? `   problems: ${problems.join(", ")}` : ""}`);
    return result;
  } finally {
    await runtime.close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ""}`) {
  runAnalyticsBench()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
