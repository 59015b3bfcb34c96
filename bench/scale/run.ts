/**
 * `npm run bench:scale [-- --n 100,1000,10000] [--cron-only M]`: the scale simulation of issue 26 (docs/scale.md).
 * Per N workspaces x 10 accounts it runs the Worker in workerd on a simulated clock against
 * PostgreSQL, the delivering QStash stand-in and the sandbox networks (with latency), and prints per
 * simulated hour: cron wall time and subrequests per run, QStash messages, DB statements, network
 * calls and Neon connections per active account, and the lag from an event at the network to its
 * webhook. JSON goes to bench/results/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_MIX, seed } from "./seed.js";
import { type Plan, type SimResult, simulate } from "./simulate.js";
import { startStack } from "./stack.js";
import { buildWorker } from "./worker-host.js";

const LATENCY_MS = 50;

/**
 * What fits in a few minutes on a two-core machine. At N=100 everything is delivered; above it
 * today's per-account messages are more deliveries than this machine can run in the time, so the
 * cron runs are measured alone (deliveries off, said in the output) and a cron run that does not end
 * within the timeout is reported as such.
 */
const PLANS: Record<number, Plan> = {
  100: { simMinutes: 10, rate: 1, deliver: true, eventEveryMinutes: 2, warmupMinutes: 4, cronTimeoutMs: 120_000 },
  1000: { simMinutes: 2, rate: 1, deliver: false, eventEveryMinutes: 4, warmupMinutes: 1, cronTimeoutMs: 150_000 },
  10000: { simMinutes: 1, rate: 1, deliver: false, eventEveryMinutes: 4, warmupMinutes: 1, cronTimeoutMs: 180_000 },
};

/**
 * `--cron-only M`: every N on the same plan, M simulated minutes with deliveries off, so the cron runs
 * are compared like for like (issue 26's flatness target) in a few minutes per N.
 */
function cronOnlyPlan(): Plan | undefined {
  const at = process.argv.indexOf("--cron-only");
  if (at < 0) return undefined;
  const minutes = Number(process.argv[at + 1] ?? 5) || 5;
  return { simMinutes: minutes, rate: 1, deliver: false, eventEveryMinutes: 4, warmupMinutes: 1, cronTimeoutMs: 180_000 };
}

function sizes(): number[] {
  const at = process.argv.indexOf("--n");
  const text = at >= 0 ? process.argv[at + 1] : undefined;
  return text ? text.split(",").map(Number) : [100, 1000, 10000];
}

interface Row {
  n: number;
  accounts: number;
  activeAccounts: number;
  plan: Plan;
  seedSeconds: number;
  result: SimResult;
  perHour: Record<string, number | null>;
}

const perHour = (value: number, minutes: number) => (value * 60) / minutes;
const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

async function runOne(dir: string, n: number): Promise<Row> {
  const plan = cronOnlyPlan() ?? PLANS[n] ?? { simMinutes: 2, rate: 1, deliver: n <= 100, eventEveryMinutes: 4, warmupMinutes: 1, cronTimeoutMs: 180_000 };
  const stack = await startStack({ workerDir: dir, parallelism: 6 });
  try {
    const t0 = Date.now();
    const seeded = await seed(stack, { workspaces: n, latencyMs: LATENCY_MS });
    const seedSeconds = (Date.now() - t0) / 1000;
    // A Monday, 10:01 UTC: no hourly or daily sweep inside a short window.
    const result = await simulate(stack, seeded, plan, Date.UTC(2027, 0, 4, 10, 1));
    // Each cron run plans one simulated minute: the figures are per run, times 60.
    const minutes = Math.max(1, result.crons.length);
    const active = n * ACCOUNT_MIX.filter((a) => a.active).length;
    const t = result.totals;
    const finished = result.crons.filter((c) => c.finished);
    return {
      n,
      accounts: n * ACCOUNT_MIX.length,
      activeAccounts: active,
      plan,
      seedSeconds,
      result,
      perHour: {
        qstashMessages: perHour(t.messages, minutes),
        statements: perHour(t.statements, minutes),
        chorusStatements: perHour(t.statements - t.sandboxStatements, minutes),
        networkCalls: plan.deliver ? perHour(t.networkCalls, minutes) : null,
        neonConnections: perHour(t.neonConnections, minutes),
        qstashMessagesPerActive: perHour(t.messages, minutes) / active,
        statementsPerActive: perHour(t.statements - t.sandboxStatements, minutes) / active,
        networkCallsPerActive: plan.deliver ? perHour(t.networkCalls, minutes) / active : null,
        networkCallsPerAccount: plan.deliver ? perHour(t.networkCalls, minutes) / (n * ACCOUNT_MIX.length) : null,
        neonConnectionsPerActive: perHour(t.neonConnections, minutes) / active,
        cronWallMsMax: Math.max(...result.crons.map((c) => c.wallMs)),
        cronSubrequestsMax: Math.max(...result.crons.map((c) => c.subrequests)),
        cronWallMsMean: finished.length ? finished.reduce((s, c) => s + c.wallMs, 0) / finished.length : null,
      },
    };
  } finally {
    await stack.close();
  }
}

function print(rows: Row[]): void {
  const line = (cells: (string | number | null)[]) => console.log(cells.map((c) => String(c ?? "n/a").padStart(14)).join(""));
  console.log("\nScale bench (per simulated hour; scaled from the simulated stretch shown):");
  line(["N", "sim min", "cron ms max", "cron subreq", "QStash msg/h", "stmts/h*", "net calls/h", "neon conn/h", "msg/active", "stmt/active", "calls/active", "conn/active", "lag p95 s", "lag max s"]);
  for (const row of rows) {
    const p = row.perHour;
    const lag = row.result.events.lagMs;
    line([
      row.n,
      row.result.crons.length,
      p.cronWallMsMax ?? null,
      p.cronSubrequestsMax ?? null,
      r1(p.qstashMessages ?? null),
      r1(p.chorusStatements ?? null),
      r1(p.networkCalls ?? null),
      r1(p.neonConnections ?? null),
      r1(p.qstashMessagesPerActive ?? null),
      r1(p.statementsPerActive ?? null),
      r1(p.networkCallsPerActive ?? null),
      r1(p.neonConnectionsPerActive ?? null),
      lag.p95 === null ? null : r1(lag.p95 / 1000),
      lag.max === null ? null : r1(lag.max / 1000),
    ]);
  }
  console.log("  * statements without the sandbox networks' own (they keep their state in Postgres); all statements are in the JSON");
  for (const row of rows) {
    const notes = [
      `N=${row.n}: ${row.accounts} accounts (${row.activeAccounts} active), seeded in ${row.seedSeconds.toFixed(1)} s; simulated ${row.result.crons.length} minute(s) at ${row.plan.rate}x real time`,
      row.plan.deliver
        ? `events made ${row.result.events.made}, delivered as webhooks ${row.result.events.delivered}; stand-in backlog p95 ${r1((row.result.events.backlogP95Ms ?? 0) / 1000)} s (this machine's queueing, part of the lag)`
        : "deliveries OFF at this N (more than this machine runs in minutes): cron runs measured alone; per-hour figures are the cron's publishes",
      row.result.stoppedEarly ? `STOPPED: ${row.result.stoppedEarly}` : "",
    ];
    console.log(`  ${notes.filter(Boolean).join("; ")}`);
  }
}

const dir = buildWorker();
const rows: Row[] = [];
for (const n of sizes()) {
  console.log(`[scale] N=${n}...`);
  rows.push(await runOne(dir, n));
  print(rows.slice(-1));
}
print(rows);
mkdirSync(join("bench", "results"), { recursive: true });
const file = join("bench", "results", `scale-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify({ latencyMs: LATENCY_MS, mix: ACCOUNT_MIX, rows }, null, 2)}\n`);
console.log(`\n[scale] wrote ${file}`);
process.exit(0);
