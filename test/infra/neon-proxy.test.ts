/**
 * The Neon serverless driver (WebSocket transport) through our local ws->TCP proxy to the
 * machine's real PostgreSQL, used via drizzle-orm/neon-serverless. Skipped, with a warning
 * naming the reason, when PostgreSQL is not reachable.
 */
import { createRequire } from "node:module";
import { Pool, neonConfig } from "@neondatabase/serverless";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/neon-serverless";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres.js";
import { startWsProxy, type WsProxy } from "../../scripts/ws-proxy.js";

const require = createRequire(import.meta.url);
const ws = require("ws") as typeof import("ws");

const pgState = await postgresAvailable();
skipWithout("postgres", pgState, "Neon serverless driver through the ws proxy to PostgreSQL");

class Rollback extends Error {}

describe.skipIf(!pgState.ok)("Neon serverless driver -> ws proxy -> real Postgres", () => {
  let proxy: WsProxy;
  let database: ThrowawayDatabase;
  let pool: Pool;
  let saved: {
    webSocketConstructor: typeof neonConfig.webSocketConstructor;
    wsProxy: typeof neonConfig.wsProxy;
    useSecureWebSocket: typeof neonConfig.useSecureWebSocket;
    pipelineTLS: typeof neonConfig.pipelineTLS;
    pipelineConnect: typeof neonConfig.pipelineConnect;
  };

  beforeAll(async () => {
    // neonConfig is process-global: remember what was there and put it back in afterAll.
    saved = {
      webSocketConstructor: neonConfig.webSocketConstructor,
      wsProxy: neonConfig.wsProxy,
      useSecureWebSocket: neonConfig.useSecureWebSocket,
      pipelineTLS: neonConfig.pipelineTLS,
      pipelineConnect: neonConfig.pipelineConnect,
    };
    proxy = await startWsProxy({ port: 0, allowHosts: ["127.0.0.1", "localhost"] });
    database = await createThrowawayDatabase();

    neonConfig.webSocketConstructor = ws.WebSocket;
    neonConfig.wsProxy = proxy.url; // string form: the driver appends ?address=host:port
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;

    pool = new Pool({ connectionString: database.url, max: 5 });
  });

  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    await proxy?.close();
    await database?.close();
    if (saved) {
      neonConfig.webSocketConstructor = saved.webSocketConstructor;
      neonConfig.wsProxy = saved.wsProxy;
      neonConfig.useSecureWebSocket = saved.useSecureWebSocket;
      neonConfig.pipelineTLS = saved.pipelineTLS;
      neonConfig.pipelineConnect = saved.pipelineConnect;
    }
  });

  it("runs a raw query on the throwaway database", async () => {
    const { rows } = await pool.query<{ db: string; one: number }>("select current_database() as db, 1::int as one");
    expect(rows).toEqual([{ db: database.name, one: 1 }]);
  });

  it("drizzle: DDL, insert ... returning, interactive transaction commit and rollback", async () => {
    const db = drizzle({ client: pool });
    await db.execute(sql`create table if not exists items (id serial primary key, name text not null)`);

    const inserted = await db.execute<{ id: number; name: string }>(sql`insert into items (name) values (${"first"}) returning id, name`);
    expect(inserted.rows).toEqual([{ id: 1, name: "first" }]);

    // committed transaction
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from items where id = 1 for update`);
      await tx.execute(sql`insert into items (name) values (${"second"})`);
      const c = await tx.execute<{ n: number }>(sql`select count(*)::int as n from items`);
      expect(c.rows[0]?.n).toBe(2);
    });

    // explicit tx.rollback(): drizzle throws its rollback error after ROLLBACK
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values (${"rolled back"})`);
        const c = await tx.execute<{ n: number }>(sql`select count(*)::int as n from items`);
        expect(c.rows[0]?.n).toBe(3); // visible inside the transaction
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);

    // a thrown error rolls back too
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values (${"also rolled back"})`);
        throw new Rollback("boom");
      }),
    ).rejects.toBeInstanceOf(Rollback);

    const after = await db.execute<{ name: string }>(sql`select name from items order by id`);
    expect(after.rows.map((r) => r.name)).toEqual(["first", "second"]);
  });

  it("handles concurrent pool queries", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => pool.query<{ v: number }>("select $1::int as v", [i])));
    expect(results.map((r) => r.rows[0]?.v)).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });

  it("refuses to relay to a host outside allowHosts", async () => {
    const other = await startWsProxy({ port: 0, allowHosts: ["localhost"] });
    try {
      const closed = await new Promise<number>((resolve, reject) => {
        const sock = new ws.WebSocket(`ws://${other.url}?address=127.0.0.1:5432`);
        sock.on("close", (code) => resolve(code));
        sock.on("error", reject);
      });
      expect(closed).toBe(1008);
    } finally {
      await other.close();
    }
  });
});
