import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountPolls } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { SHARD_SIZE, runPollShard } from "../../src/domain/inbox/polling/poll-shards.js";
import { recordStatements } from "../support/count-statements.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 26's statement target: at 10,000 workspaces the background polls must cost under a
 * billion statements a month, about one statement per account poll. A shard therefore reads its
 * accounts, their listeners and their cursors once, books each network budget once, and writes
 * its quiet cursors and next polls in one statement each. The sandbox's own state (the
 * simulators keep theirs in `sandbox_records`; a real network does not) is not counted.
 */
let t: TestApp;
let runtime: JobRuntime;
const receiver = useWebhookReceivers();

beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  runtime = t.jobRuntime();
});

const MIX = ["twitter", "bluesky", "linkedin", "youtube", "twitter"] as const;

/** Runs one shard over every account due now and returns the statements it sent, the sandbox's left out. */
async function shardStatements(): Promise<{ polled: number; statements: string[] }> {
  const now = t.clock.now();
  const recorded = recordStatements(t.db);
  const polled = await runPollShard(runtime, { until: now.getTime() + 60_000, minute: Math.floor(now.getTime() / 60_000), shard: 0, chain: 0 }).finally(recorded.stop);
  return { polled, statements: recorded.statements.filter((s) => !/sandbox_records/.test(s)) };
}

describe("one inbox poll shard", () => {
  it("sends fewer statements than half its accounts, whether they are new or quiet", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await ws.post("/v1/webhooks", { url: r.url, events: ["mention.received", "comment.received", "message.received"] });
    expect(hook.status, hook.text).toBe(201);
    const ids: string[] = [];
    for (let n = 0; n < SHARD_SIZE; n++) {
      const platform = MIX[n % MIX.length];
      const response = await ws.post("/v1/social-accounts/connect", {
        platform,
        ...(platform === "bluesky" ? { handle: `stmt${n}.bsky.social`, appPassword: "abcd-efgh-ijkl-mnop" } : { handle: `stmt_${n}` }),
      });
      expect([200, 201], response.text).toContain(response.status);
      ids.push(response.body.id);
    }
    // Only this workspace's accounts are due.
    await t.db.update(accountPolls).set({ nextPollAt: null });
    await t.db.update(accountPolls).set({ nextPollAt: t.clock.now() }).where(inArray(accountPolls.accountId, ids));

    const first = await shardStatements();
    t.clock.advance(50 * 60_000);
    await t.db.update(accountPolls).set({ nextPollAt: t.clock.now() }).where(inArray(accountPolls.accountId, ids));
    const quiet = await shardStatements();
    console.info(`shard of ${SHARD_SIZE}: baseline ${first.statements.length} statements, quiet ${quiet.statements.length}`);
    expect(first.polled).toBe(SHARD_SIZE);
    expect(quiet.polled).toBe(SHARD_SIZE);
    // Reading once and writing once: claim, workspaces, accounts, listeners, cursors, the chain's
    // check, one reservation per budget (four here), quiet cursors, next polls. Per account it
    // was about twelve (298 for this shard before batching).
    expect(quiet.statements.length).toBeLessThanOrEqual(15);
    expect(first.statements.length).toBeLessThanOrEqual(20);
  }, 120_000);
});
