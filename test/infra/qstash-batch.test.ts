import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobRequest } from "../../src/infra/job-queue-port.js";
import { QSTASH_BATCH_MAX, createQstashQueue } from "../../src/infra/qstash-queue.js";
import { type QstashStandIn, startQstashStandIn } from "../workers/qstash-standin.js";

/**
 * The QStash queue's enqueueMany goes through @upstash/qstash's batchJSON (`POST /v2/batch`), at
 * most QSTASH_BATCH_MAX messages a call, each with its own deduplication id: the planner's shards
 * cost one subrequest per hundred, and a planner run repeated in the same minute adds nothing.
 */
let standIn: QstashStandIn;
beforeAll(async () => {
  standIn = await startQstashStandIn({ token: "tok_batch" });
});
afterAll(() => standIn.close());

const shard = (i: number, runAt: Date): JobRequest => ({
  kind: "poll_shard",
  payload: { workspaceId: "", mode: "live", until: runAt.getTime() + 60_000, minute: 7, shard: i, chain: 0 },
  runAt,
  dedupKey: `poll-shard:7:${i}`,
});

describe("the QStash queue's batch publish", () => {
  it("publishes 150 jobs in two batch calls, each message as a single publish would be, and deduplicates a repeat", async () => {
    const queue = createQstashQueue({ token: "tok_batch", baseUrl: standIn.url, callbackUrl: "https://chorus.test/internal/jobs" });
    const runAt = new Date("2026-12-06T12:07:00.000Z");
    const jobs = Array.from({ length: 150 }, (_, i) => shard(i, runAt));
    await queue.enqueueMany?.(jobs, undefined as never);
    expect(standIn.recorded).toHaveLength(150);
    expect(new Set(standIn.recorded.map((m) => m.batch))).toEqual(new Set([1, 2]));
    expect(standIn.recorded.filter((m) => m.batch === 1)).toHaveLength(QSTASH_BATCH_MAX);
    const first = standIn.recorded[0];
    expect(first?.destination).toBe("https://chorus.test/internal/jobs");
    expect(first?.headers).toMatchObject({ "upstash-deduplication-id": "poll-shard_7_0", "upstash-not-before": String(runAt.getTime() / 1000), "upstash-retries": "5" });
    expect(JSON.parse(first?.body ?? "{}")).toEqual({ kind: "poll_shard", workspaceId: "", mode: "live", payload: { until: runAt.getTime() + 60_000, minute: 7, shard: 0, chain: 0 } });
    await queue.enqueueMany?.(jobs.slice(0, 3), undefined as never);
    expect(standIn.recorded.filter((m) => m.deduplicated)).toHaveLength(3);
  });
});
