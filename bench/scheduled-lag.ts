import { isNull } from "drizzle-orm";
import { jobs } from "../src/db/schema/index.js";
import type { AppDeps } from "../src/deps.js";
import type { Database } from "../src/db/types.js";
import { domainServices } from "../src/http/domain-services.js";
import { startJobPoller } from "../src/node/job-poller.js";
import type { JobWakeups } from "../src/node/job-wakeups.js";
import { type HttpClient, type PostView, type PublishFixture, expectStatus } from "./publish-fixture.js";
import { percentile, round } from "./stats.js";

/** Target of the issue: a scheduled post is published within this long of its time. */
export const LAG_TARGET_MS = 1000;

export interface ScheduledLagResult {
  posts: number;
  /** How often the bench reads the posts back (the poller itself sleeps until the next due job). */
  readEveryMs: number;
  leadMs: number;
  staggerMs: number;
  /** scheduledAt → the target's publishedAt, both stamped by the server's clock. */
  lagMs: { p50: number; p95: number; max: number; min: number };
  samplesMs: number[];
  /** Jobs left by the fan-out runs (polls of `processing` targets) retired before the poller started. */
  retiredJobs: number;
  failures: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Scheduled publishing on the Node server: the in-process job poller started exactly as
 * src/server.ts starts it (sleeping until the next due job, woken on enqueue through the
 * database's notifications; the runtime's database, clock and services), the
 * posts created over HTTP like any client would. `count` posts, one Bluesky target each (no
 * fault), scheduled `leadMs` ahead and `staggerMs` apart. Each post is read back with GET /v1/posts/{id}
 * until its target is published; the lag is the target's publishedAt minus the post's scheduledAt.
 *
 * Jobs still queued from earlier bench sections (polls of targets that answered `processing`)
 * are marked done first: they would run in the same poller passes and measure something else.
 */
export async function runScheduledLagBench(input: {
  db: Database;
  deps: AppDeps;
  port: number;
  http: HttpClient;
  fixture: PublishFixture;
  count: number;
  wakeups?: JobWakeups;
  leadMs?: number;
  staggerMs?: number;
}): Promise<ScheduledLagResult> {
  const { db, deps, port, http, fixture, count } = input;
  const leadMs = input.leadMs ?? 3000;
  const staggerMs = input.staggerMs ?? 137;
  const readEveryMs = 250;

  // Accounts of their own: no fault, no posts from the fan-out runs.
  const set = await fixture.newAccountSet();
  const retired = await db.update(jobs).set({ doneAt: new Date(), lockedUntil: null }).where(isNull(jobs.doneAt)).returning({ id: jobs.id });
  // As src/server.ts: publicUrl is CHORUS_PUBLIC_URL or http://localhost:<PORT>.
  const poller = startJobPoller({ db, clock: deps.clock, services: domainServices(deps, `http://localhost:${port}`) }, deps.logger, { wakeups: input.wakeups });
  try {
    const first = Date.now() + leadMs;
    const created: { id: string; scheduledAt: string }[] = [];
    for (let i = 0; i < count; i++) {
      const scheduledAt = new Date(first + i * staggerMs).toISOString();
      const body = { accounts: [set.accounts.bluesky], text: `Scheduled #chorus (bench ${i + 1} of ${count})`, scheduledAt };
      const post = expectStatus(await http.json("POST", "/v1/posts", body, fixture.auth), 201, "POST /v1/posts (scheduled)") as PostView;
      if (post.state !== "scheduled") throw new Error(`post ${post.id} is ${post.state}, not scheduled: ${JSON.stringify(post)}`);
      created.push({ id: post.id, scheduledAt: post.scheduledAt ?? scheduledAt });
    }
    if (Date.now() >= first) throw new Error(`creating ${count} scheduled posts took longer than the ${leadMs} ms lead; raise it`);

    const lags = new Map<string, number>();
    const failures: string[] = [];
    const deadline = first + count * staggerMs + 15_000;
    while (lags.size + failures.length < created.length && Date.now() < deadline) {
      await sleep(readEveryMs);
      for (const post of created) {
        if (lags.has(post.id) || failures.some((f) => f.startsWith(post.id)) || Date.parse(post.scheduledAt) > Date.now()) continue;
        const view = expectStatus(await http.get(`/v1/posts/${post.id}`, fixture.auth), 200, `GET /v1/posts/${post.id}`) as PostView;
        const target = view.targets[0];
        if (target?.state === "published" && target.publishedAt) lags.set(post.id, Date.parse(target.publishedAt) - Date.parse(post.scheduledAt));
        else if (target && ["failed", "unknown"].includes(target.state)) failures.push(`${post.id}: ${target.state} ${JSON.stringify(target.error)}`);
      }
    }
    for (const post of created) if (!lags.has(post.id) && !failures.some((f) => f.startsWith(post.id))) failures.push(`${post.id}: not published by the deadline`);

    const sorted = [...lags.values()].sort((a, b) => a - b);
    return {
      posts: count,
      readEveryMs,
      leadMs,
      staggerMs,
      lagMs: { p50: round(percentile(sorted, 50), 1), p95: round(percentile(sorted, 95), 1), max: round(sorted[sorted.length - 1] ?? Number.NaN, 1), min: round(sorted[0] ?? Number.NaN, 1) },
      samplesMs: created.flatMap((p) => (lags.has(p.id) ? [lags.get(p.id) ?? 0] : [])),
      retiredJobs: retired.length,
      failures,
    };
  } finally {
    await poller.stop();
  }
}
