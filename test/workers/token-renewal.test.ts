/**
 * The Worker's cron (`scheduled` in src/worker.ts, inside workerd) renews Threads and
 * Instagram-login tokens ahead of expiry, as the Node poller does: in each hour's first minute
 * only. The token's stored expiry is moved ten days closer (the simulator's own token stays
 * valid, so Threads accepts the renewal), and the cron must give it a fresh 60 days.
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { neonDatabaseProvider } from "../../src/db/neon.js";
import { socialAccounts } from "../../src/db/schema/index.js";
import worker, { type WorkerEnv } from "../../src/worker.js";
import { api } from "./api-call.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/token-renewal.test] skipped: ${skipReason}`);

const DAY = 24 * 60 * 60_000;

async function withDb<T>(use: (db: ReturnType<ReturnType<typeof neonDatabaseProvider>["open"]>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = neonDatabaseProvider({ url: inject("databaseUrl"), wsProxy: inject("wsProxy") }).open();
  try {
    return await use(db);
  } finally {
    await close();
  }
}

const expiryOf = (id: string) =>
  withDb(async (db) => {
    const [row] = await db.select({ at: socialAccounts.tokenExpiresAt }).from(socialAccounts).where(eq(socialAccounts.id, id));
    return row?.at?.getTime() ?? 0;
  });

/** One cron run of the Worker entry at `at`, waited for to the end (its waitUntil included). */
async function cron(at: Date): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env as WorkerEnv, ctx);
  await waitOnExecutionContext(ctx);
}

describe.skipIf(skipReason)("the Worker's cron renews tokens ahead of expiry", () => {
  it("renews a Threads token eight days before its end, in the hour's first minute only", async () => {
    const { id } = await api.connect("threads", { handle: `renew_${crypto.randomUUID().slice(0, 8)}` });

    const soon = new Date(Date.now() + 8 * DAY);
    await withDb((db) => db.update(socialAccounts).set({ tokenExpiresAt: soon }).where(eq(socialAccounts.id, id)));
    const hour = new Date();
    hour.setUTCHours(hour.getUTCHours() === 0 ? 1 : hour.getUTCHours(), 0, 0, 0);

    await cron(new Date(hour.getTime() + 7 * 60_000));
    expect(await expiryOf(id)).toBe(soon.getTime());

    await cron(hour);
    expect((await expiryOf(id)) - Date.now()).toBeGreaterThan(59 * DAY);
  });
});
