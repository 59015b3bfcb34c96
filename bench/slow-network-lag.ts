import { isNull } from "drizzle-orm";
import { jobs } from "../src/db/schema/index.js";
import type { AppDeps } from "../src/deps.js";
import type { Database } from "../src/db/types.js";
import { DEFAULT_JOB_CONCURRENCY, DEFAULT_JOB_CONCURRENCY_PER_WORKSPACE } from "../src/jobs/job-runner.js";
import { domainServices } from "../src/http/domain-services.js";
import type { PlatformId } from "../src/types/platform-ids.js";
import { startJobPoller } from "../src/node/job-poller.js";
import type { JobWakeups } from "../src/node/job-wakeups.js";
import { type HttpClient, type PostView, type PublishFixture, expectStatus } from "./publish-fixture.js";
import { percentile, round } from "./stats.js";

export interface LagFigures {
  targets: number;
  samplesMs: number[];
  p50: number;
  p95: number;
  max: number;
}

export interface SlowNetworkLagResult {
  posts: number;
  slowNetwork: PlatformId;
  slowMs: number;
  /** One publish on the slow network alone (POST /v1/posts, publish now): what its targets cannot beat. */
  slowAloneMs: number;
  concurrency: number;
  perWorkspace: number;
  /** scheduledAt → the target's publishedAt, for the targets on the other networks and on the slow one. */
  fast: LagFigures;
  slow: LagFigures;
  failures: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/**
 * The slow network, and the fast ones the other posts rotate over: one target per post, networks
 * that publish synchronously (no processing to poll), and a slow one that makes one call per
 * publish, so it answers in `slowMs` (the fault delays every call).
 */
const SLOW: PlatformId = "googlebusiness";
const FAST: PlatformId[] = ["bluesky", "twitter", "facebook", "linkedin"];

function figures(samples: number[]): LagFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    targets: sorted.length,
    samplesMs: sorted.map((v) => round(v, 1)),
    p50: round(percentile(sorted, 50), 1),
    p95: round(percentile(sorted, 95), 1),
    max: round(sorted[sorted.length - 1] ?? Number.NaN, 1),
  };
}

/**
 * The case: `count` posts due at the same instant, every fourth on a network answering in
 * `slowMs` (the sandbox's `slow` fault on that account), the others on fast networks, run by the
 * in-process poller with its default bounds as src/server.ts starts it. Due jobs used to run one
 * at a time, so every post behind a slow one waited for it (twenty posts: 2 min 40 s late).
 */
export async function runSlowNetworkLagBench(input: {
  db: Database;
  deps: AppDeps;
  port: number;
  http: HttpClient;
  fixture: PublishFixture;
  wakeups?: JobWakeups;
  count?: number;
  slowMs?: number;
}): Promise<SlowNetworkLagResult> {
  const { db, deps, port, http, fixture } = input;
  const count = input.count ?? 20;
  const slowMs = input.slowMs ?? 4000;
  const set = await fixture.newAccountSet();
  expectStatus(await http.json("PUT", `/v1/sandbox/social-accounts/${set.accounts[SLOW]}/fault`, { fault: "slow", delayMs: slowMs }, fixture.auth), 200, "slow fault");
  const alone = await http.json("POST", "/v1/posts", fixture.body(set, [SLOW], "Alone on the slow network #chorus"), fixture.auth);
  expectStatus(alone, 201, "POST /v1/posts (slow network alone)");
  await db.update(jobs).set({ doneAt: new Date(), lockedUntil: null }).where(isNull(jobs.doneAt));
  const poller = startJobPoller({ db, clock: deps.clock, services: domainServices(deps, `http://localhost:${port}`) }, deps.logger, { wakeups: input.wakeups });
  try {
    const at = new Date(Date.now() + 4000).toISOString();
    const created: { id: string; slow: boolean }[] = [];
    for (let i = 0; i < count; i++) {
      const slow = i % 4 === 0;
      const platform = slow ? SLOW : (FAST[i % FAST.length] ?? "bluesky");
      const body = { ...fixture.body(set, [platform], `Due together #chorus (${i + 1} of ${count})`), scheduledAt: at };
      const post = expectStatus(await http.json("POST", "/v1/posts", body, fixture.auth), 201, "POST /v1/posts (scheduled)") as PostView;
      created.push({ id: post.id, slow });
    }
    if (Date.now() >= Date.parse(at)) throw new Error("creating the posts took longer than their lead; raise it");

    const lags = new Map<string, number>();
    const failures: string[] = [];
    const deadline = Date.parse(at) + slowMs * count + 30_000;
    while (lags.size + failures.length < created.length && Date.now() < deadline) {
      await sleep(100);
      if (Date.now() < Date.parse(at)) continue;
      for (const post of created) {
        if (lags.has(post.id) || failures.some((f) => f.startsWith(post.id))) continue;
        const view = expectStatus(await http.get(`/v1/posts/${post.id}`, fixture.auth), 200, `GET /v1/posts/${post.id}`) as PostView;
        const target = view.targets[0];
        if (target?.state === "published" && target.publishedAt) lags.set(post.id, Date.parse(target.publishedAt) - Date.parse(at));
        else if (target && ["failed", "unknown"].includes(target.state)) failures.push(`${post.id}: ${target.state} ${JSON.stringify(target.error)}`);
      }
    }
    for (const post of created) if (!lags.has(post.id) && !failures.some((f) => f.startsWith(post.id))) failures.push(`${post.id}: not published by the deadline`);
    const of = (slow: boolean) => created.filter((p) => p.slow === slow).flatMap((p) => (lags.has(p.id) ? [lags.get(p.id) ?? 0] : []));
    return {
      posts: count,
      slowNetwork: SLOW,
      slowMs,
      slowAloneMs: round(alone.ms, 1),
      concurrency: DEFAULT_JOB_CONCURRENCY,
      perWorkspace: DEFAULT_JOB_CONCURRENCY_PER_WORKSPACE,
      fast: figures(of(false)),
      slow: figures(of(true)),
      failures,
    };
  } finally {
    await poller.stop();
    await http.json("PUT", `/v1/sandbox/social-accounts/${set.accounts[SLOW]}/fault`, { fault: null }, fixture.auth);
  }
}
