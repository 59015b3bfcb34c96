/**
 * `npx tsx bench/limits-floor.ts`: what a query costs on the embedded PGlite, in process (no
 * HTTP), as PGlite's own `query` sends it (unnamed: parsed and planned again on every call, in six
 * protocol exchanges) and through the statement cache the server uses (src/db/pglite-statements.ts:
 * prepared once, then bound and executed in one exchange). For `select 1`, the cheapest read of
 * the workspace (one column by primary key), the limits query before (a join of every workspace
 * column to the accounts, sorted) and now (the changing columns and a JSON aggregate of the
 * accounts), with no account and with three. Medians (p90) in microseconds over interleaved
 * rounds. It shows the floor under GET /v1/me/limits: bench/run.ts prints the same at HTTP level.
 *
 * BENCH_FLOOR_ROUNDS (default 10) rounds of 100 calls per stage, after one warm-up round.
 */
import { PGlite } from "@electric-sql/pglite";
import { openBenchRuntime } from "./setup.js";
import { percentile, round, timeStagesInRounds } from "./stats.js";

const rounds = Number.parseInt(process.env.BENCH_FLOOR_ROUNDS ?? "10", 10);
const PER_ROUND = 100;

const workspaceColumns =
  "w.id, w.name, w.email, w.plan, w.credits_monthly, w.credits_period, w.credits_pack, w.credits_purchased, w.has_purchased_credits, w.monthly_allowance, w.test_credits_monthly, w.test_credits_period, w.test_credits_pack, w.api_per_minute, w.posts_per_minute, w.profile_api_per_minute, w.profile_posts_per_minute, w.blocked_platforms, w.created_at";
const changingColumns =
  "w.plan, w.credits_monthly, w.credits_period, w.credits_pack, w.credits_purchased, w.has_purchased_credits, w.monthly_allowance, w.test_credits_monthly, w.test_credits_period, w.test_credits_pack, w.api_per_minute, w.posts_per_minute, w.profile_api_per_minute, w.profile_posts_per_minute, w.blocked_platforms";
const queries: [string, string, (workspace: string) => unknown[]][] = [
  ["select 1", "select 1", () => []],
  ["one column by primary key", "select id from workspaces where id = $1", (ws) => [ws]],
  [
    "limits before: join, every column, sorted",
    `select ${workspaceColumns}, s.id, s.platform, s.handle, s.status from workspaces w left join social_accounts s on (s.workspace_id = w.id and s.mode = $1 and s.status <> $2) where w.id = $3 order by s.connected_at, s.id`,
    (ws) => ["test", "disconnected", ws],
  ],
  [
    "limits now: changing columns, JSON aggregate",
    `select ${changingColumns}, (select json_agg(json_build_object('account', s.id, 'platform', s.platform, 'handle', s.handle, 'status', s.status) order by s.connected_at, s.id) from social_accounts s where s.workspace_id = w.id and s.mode = $1 and s.status <> 'disconnected') from workspaces w where w.id = $2`,
    (ws) => ["test", ws],
  ],
];

async function measure(accounts: number): Promise<void> {
  const runtime = await openBenchRuntime();
  try {
    const { client, workspaceId } = runtime;
    for (let i = 0; i < accounts; i++) {
      await client.query("insert into social_accounts (id, workspace_id, platform, mode, network_user_id, handle, status, scopes) values ($1, $2, 'bluesky', 'test', $3, $4, 'active', '[]')", [
        `acc_floor${i}`,
        workspaceId,
        `did:plc:${i}`,
        `h${i}.test`,
      ]);
    }
    // The server's client (statement cache) against PGlite's own query on the same database.
    const own = PGlite.prototype.query.bind(client) as PGlite["query"];
    const stages = queries.flatMap(([name, sql, params]) => [
      [`${name}: PGlite's query`, () => own(sql, params(workspaceId), { rowMode: "array" })] as const,
      [`${name}: statement cache`, () => client.query(sql, params(workspaceId), { rowMode: "array" })] as const,
    ]);
    const samples = await timeStagesInRounds(stages, rounds, PER_ROUND);
    console.log(`PGlite, ${accounts} connected account(s), median (p90) in µs over ${rounds * PER_ROUND} calls:`);
    for (const [i, [name]] of stages.entries()) {
      const sorted = samples[i] ?? [];
      console.log(`  ${name.padEnd(62)} ${round(percentile(sorted, 50), 1).toFixed(1).padStart(7)}  (${round(percentile(sorted, 90), 1).toFixed(1)})`);
    }
  } finally {
    await runtime.close();
  }
}

await measure(0);
await measure(3);
