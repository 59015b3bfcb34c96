import { createRequire } from "node:module";
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { postgresAvailable } from "../support/postgres.js";
import { freePort, buildBeforeTests } from "../support/server-process.js";
import { serverScratch } from "../support/server-scratch.js";
import { firstStartKey, httpWorkspace } from "../support/http-workspace.js";

const require = createRequire(import.meta.url);
const pg = require("pg") as typeof import("pg");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const postgres = await postgresAvailable();
skipWithout("postgres", postgres, "crash and retry with Idempotency-Key");

/**
 * The scenario on a real server process and PostgreSQL: a post with an Idempotency-Key,
 * the process killed (SIGKILL) while one network is still answering, a restart, a retry after the
 * lease. The lease is shortened with CHORUS_IDEMPOTENCY_LEASE_SECONDS (a documented setting) so
 * the test need not wait five minutes. Time the server would otherwise have to wait through is
 * moved in the database instead: the dead attempt's start is set back past the publish timeout
 * (what the stuck-target sweep looks for) and the network re-checks it queues minutes apart are
 * made due, with a NOTIFY, as the minutes passing would.
 */
buildBeforeTests();

describe.skipIf(!postgres.ok)("a retry after a crash mid-publish", () => {
  const scratch = serverScratch("chorus-crash");
  let sql: import("pg").Client | null = null;
  // Before the scratch's own hook (after-hooks run last registered first): the database is dropped there.
  afterAll(async () => {
    await sql?.end();
  });

  it("publishes once: 409 while the dead request's post settles, then that post; one network post per target, credits charged once", async () => {
    const database = await scratch.database();
    const port = await freePort();
    const env = { CHORUS_DATA_DIR: scratch.dataDir, DATABASE_URL: database.url, CHORUS_IDEMPOTENCY_LEASE_SECONDS: "2" };
    const first = await scratch.start({ port, env });
    const key = await firstStartKey(first.output);
    expect(key).toMatch(/^sk_test_/);
    const ws = httpWorkspace(first.base, key);
    const fastSky = (await ws.connect("bluesky", { handle: "fast-crash.test" })).id;
    const fastX = (await ws.connect("twitter", { handle: "fast-crash-x" })).id;
    const slowSky = (await ws.connect("bluesky", { handle: "slow-crash.test" })).id;
    expect((await ws.put(`/v1/sandbox/social-accounts/${slowSky}/fault`, { fault: "slow", delayMs: 6_000 })).status).toBe(200);

    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const db = sql;
    const credits = async () => {
      const { rows } = await db.query<{ n: number }>("select test_credits_monthly + test_credits_pack as n from workspaces");
      return Number(rows[0]?.n);
    };
    const targets = async () => (await db.query<{ account_id: string; state: string }>("select account_id, state from post_targets")).rows;
    const before = await credits();

    const text = "Published once, crash or not";
    const body = { text, accounts: [fastSky, fastX, slowSky] };
    const headers = { "idempotency-key": "crash-mid-publish" };
    const inFlight = ws.post("/v1/posts", body, { headers }).catch(() => null);
    for (let i = 0; ; i++) {
      const rows = await targets();
      const states = Object.fromEntries(rows.map((r) => [r.account_id, r.state]));
      if (states[fastSky] === "published" && states[fastX] === "published" && states[slowSky] === "publishing") break;
      if (i > 200) throw new Error(`never mid-publish: ${JSON.stringify(rows)}`);
      await sleep(50);
    }
    await first.stop("SIGKILL");
    expect(await inFlight).toBeNull();

    // The dead attempt started "long ago", past the publish timeout the sweep waits out.
    await db.query("update post_targets set attempt_started_at = now() - interval '10 minutes' where state = 'publishing'");
    // Restarted once the dead request's 2-second lease (counted from its claim) has run out.
    for (let i = 0; ; i++) {
      const { rows: lapsed } = await db.query("select 1 from idempotency_records where state = 'running' and created_at < now() - interval '2100 milliseconds'");
      if (lapsed.length > 0) break;
      if (i > 100) throw new Error("the dead request's lease never ran out");
      await sleep(50);
    }
    const second = await scratch.start({ port, env });

    const settling = await ws.post("/v1/posts", body, { headers });
    expect(settling.status).toBe(409);
    expect(settling.error).toMatchObject({ code: "idempotency_in_progress", param: "Idempotency-Key" });

    // The network answers promptly again (it would hold every check for 6 s otherwise).
    expect((await ws.put(`/v1/sandbox/social-accounts/${slowSky}/fault`, { fault: null })).status).toBe(200);
    // The sweep turned the dead target `unknown` and the network is asked before anything else;
    // its re-checks, minutes apart, are made due now.
    for (let i = 0; ; i++) {
      const slow = (await targets()).find((r) => r.account_id === slowSky);
      if (slow && !["publishing", "unknown"].includes(slow.state)) break;
      if (i > 300) throw new Error(`the dead target never settled: ${JSON.stringify(await targets())}\n${second.output()}`);
      await db.query("update jobs set run_at = now() where done_at is null and kind = 'poll_target' and run_at > now()");
      await db.query("select pg_notify('chorus_jobs', '')");
      await sleep(100);
    }

    const answered = await ws.post("/v1/posts", body, { headers });
    expect(answered.status).toBe(201);
    expect(answered.headers.get("idempotent-replayed")).toBe("true");
    const post = answered.body;
    const { rows: stored } = await db.query<{ id: string }>("select id from posts");
    expect(stored.map((r) => r.id)).toEqual([post.id]);
    const byAccount = Object.fromEntries(post.targets.map((t) => [t.account, t]));
    expect(byAccount[fastSky]).toMatchObject({ state: "published", credits: 1 });
    expect(byAccount[fastX]).toMatchObject({ state: "published", credits: 1 });
    // Killed while its network was still answering: not on the network, so failed and not charged.
    expect(byAccount[slowSky]).toMatchObject({ state: "failed", credits: 0 });
    expect(post.state).toBe("partial");

    const { rows: onNetworks } = await db.query<{ platform: string; owner: string; n: string }>(
      "select platform, owner, count(*) as n from sandbox_records where data::text like $1 and (kind = 'post' or kind like '%record%') group by platform, owner",
      [`%${text}%`],
    );
    expect(onNetworks.map((r) => [r.platform, Number(r.n)]).sort()).toEqual([
      ["bluesky", 1],
      ["twitter", 1],
    ]);
    expect(await credits()).toBe(before - 2);

    // And from now on the same answer, without touching anything.
    const again = await ws.post("/v1/posts", body, { headers });
    expect(again.body.id).toBe(post.id);
    expect(await credits()).toBe(before - 2);
  }, 180_000);
});
