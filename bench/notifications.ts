/**
 * `npx tsx bench/notifications.ts` (also run at the end of `npm run bench`): GET /v1/notifications
 * over ten sandbox accounts (five Bluesky, five X) whose network answers every call 300 ms late,
 * against the same read of one account (target: at most 1.2x), and the same ten with one account
 * hanging, against the read timeout (target: within the timeout plus 10%). The Node runtime with
 * real sleeps, through the app's fetch handler; printed and returned, never asserted.
 */
import { eq } from "drizzle-orm";
import { createApp } from "../src/app.js";
import { workspaces } from "../src/db/schema/index.js";
import { openBenchRuntime } from "./setup.js";

export const NOTIFICATIONS_RATIO_TARGET = 1.2;
const DELAY_MS = 300;
const READ_TIMEOUT_MS = 1500;
const RUNS = Number(process.env.BENCH_NOTIFICATION_RUNS ?? "7");

export interface NotificationsBenchResult {
  oneAccountMs: number;
  tenAccountsMs: number;
  ratio: number;
  ratioMet: boolean;
  hanging: { timeoutMs: number; pageMs: number; met: boolean; problems: string[] };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function runNotificationsBench(): Promise<NotificationsBenchResult> {
  const runtime = await openBenchRuntime();
  try {
    await runtime.db.update(workspaces).set({ plan: "subscription" }).where(eq(workspaces.id, runtime.workspaceId));
    const deps = { ...runtime.deps, networks: { ...runtime.deps.networks, readTimeoutMs: READ_TIMEOUT_MS } };
    const app = createApp(deps);
    const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
      const response = await app.request(`http://127.0.0.1${path}`, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${runtime.key}`, ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
      if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const accounts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const platform = i % 2 === 0 ? "bluesky" : "twitter";
      const json = platform === "bluesky" ? { platform, handle: `bench${i}.test`, appPassword: "abcd-efgh-ijkl-mnop" } : { platform, handle: `bench_x_${i}` };
      const { id } = (await call("/v1/social-accounts/connect", { method: "POST", json })) as { id: string };
      await call(`/v1/sandbox/social-accounts/${id}/activity`, { method: "POST", json: { action: "mention" } });
      await call(`/v1/sandbox/social-accounts/${id}/fault`, { method: "PUT", json: { fault: "slow", delayMs: DELAY_MS } });
      accounts.push(id);
    }
    const time = async (path: string) => {
      const started = performance.now();
      const page = await call(path);
      return { ms: performance.now() - started, page };
    };
    const one: number[] = [];
    const ten: number[] = [];
    await time("/v1/notifications"); // warm-up
    for (let run = 0; run < RUNS; run++) {
      one.push((await time(`/v1/notifications?account=${accounts[0] ?? ""}`)).ms);
      ten.push((await time("/v1/notifications")).ms);
    }
    const oneAccountMs = median(one);
    const tenAccountsMs = median(ten);
    const ratio = tenAccountsMs / oneAccountMs;

    await call(`/v1/sandbox/social-accounts/${accounts[3] ?? ""}/fault`, { method: "PUT", json: { fault: "slow", delayMs: 30_000 } });
    const hung = await time("/v1/notifications");
    const problems = ((hung.page.problems as { code: string; account: string }[] | undefined) ?? []).map((p) => `${p.account} ${p.code}`);
    const result: NotificationsBenchResult = {
      oneAccountMs,
      tenAccountsMs,
      ratio,
      ratioMet: ratio <= NOTIFICATIONS_RATIO_TARGET,
      hanging: { timeoutMs: READ_TIMEOUT_MS, pageMs: hung.ms, met: hung.ms <= READ_TIMEOUT_MS * 1.1, problems },
    };
    const ok = (met: boolean) => (met ? "met" : "MISSED");
    console.log(`Notifications (sandbox, every network call ${DELAY_MS} ms late, medians of ${RUNS}):`);
    console.log(`  1 account ${oneAccountMs.toFixed(0)} ms   10 accounts ${tenAccountsMs.toFixed(0)} ms   ratio ${ratio.toFixed(2)}   target <= ${NOTIFICATIONS_RATIO_TARGET}: ${ok(result.ratioMet)}`);
    console.log(`  one account hanging: page in ${hung.ms.toFixed(0)} ms, read timeout ${READ_TIMEOUT_MS} ms   target <= timeout + 10%: ${ok(result.hanging.met)}   problems: ${problems.join(", ")}`);
    return result;
  } finally {
    await runtime.close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ""}`) {
  runNotificationsBench()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
