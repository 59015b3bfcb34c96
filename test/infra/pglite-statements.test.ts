import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStatementQuery } from "../../src/db/pglite-statements.js";
import { type EmbeddedDatabase, openEmbeddedDatabase } from "../../src/db/pglite.js";

/**
 * The embedded database prepares each SQL text once and then only binds and executes it
 * (src/db/pglite-statements.ts). Everything a caller sees must be what PGlite's own `query`
 * gives: values of every type, parameters serialised by their types, errors, and the locks
 * that keep a statement out of another caller's transaction.
 */
describe("PGlite statement cache", () => {
  let embedded: EmbeddedDatabase;
  let reference: PGlite;
  beforeAll(async () => {
    embedded = await openEmbeddedDatabase();
    reference = await PGlite.create();
    for (const db of [embedded.client, reference]) {
      await db.exec("create table probe (id int primary key, t text, b boolean, j jsonb, at timestamptz, tags text[], n numeric)");
    }
  });
  afterAll(async () => {
    await embedded.close();
    await reference.close();
  });

  /** PGlite's own `query` on a fresh client holding the same rows, for comparison. */
  const both = async (sql: string, params: unknown[] = []) => {
    const ours = await embedded.client.query(sql, params);
    const theirs = await reference.query(sql, params, { parsers: embedded.client.parsers });
    return { ours, theirs };
  };

  it("gives the rows, fields and counts PGlite's own query gives, with parameters of every type, on first and later runs", async () => {
    const at = new Date("2026-05-06T07:08:09.123Z");
    const insert = "insert into probe (id, t, b, j, at, tags, n) values ($1, $2, $3, $4, $5, $6, $7)";
    for (const id of [1, 2, 3]) {
      const params = [id, `it's ${id}`, id % 2 === 0, { nested: [id, null] }, at, ["a", `b,${id}`, 'c"'], "1.50"];
      const { ours, theirs } = await both(insert, params);
      expect(ours.affectedRows).toBe(1);
      expect(ours.affectedRows).toBe(theirs.affectedRows);
    }
    await embedded.client.query(insert, [4, null, null, null, null, null, null]);
    await reference.query(insert, [4, null, null, null, null, null, null]);
    for (let run = 0; run < 3; run++) {
      const { ours, theirs } = await both("select * from probe where id >= $1 order by id", [1]);
      expect(ours.rows).toHaveLength(4);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
      expect(ours.rows[0]).toMatchObject({ t: "it's 1", b: false, j: { nested: [1, null] }, tags: ["a", "b,1", 'c"'] });
    }
    const arrays = await both("select id, t from probe where id = $1", [2]);
    expect(arrays.ours.rows).toEqual([{ id: 2, t: "it's 2" }]);
    const asArrays = await embedded.client.query("select id, t from probe where id = $1", [2], { rowMode: "array" });
    expect(asArrays.rows).toEqual([[2, "it's 2"]]);
    // Served by one server-side statement per text, not parsed again for each call.
    const statements = await embedded.client.query<{ statement: string }>(
      "select statement from pg_prepared_statements where statement like 'select%from probe%' and statement not like '%pg_prepared_statements%'",
    );
    expect(statements.rows.map((r) => r.statement).sort()).toEqual(["select * from probe where id >= $1 order by id", "select id, t from probe where id = $1"]);
  });

  it("answers statements that return no rows, and updates with RETURNING", async () => {
    const { ours, theirs } = await both("update probe set t = $1 where id = $2 returning id, t", ["changed", 3]);
    expect(ours.rows).toEqual([{ id: 3, t: "changed" }]);
    expect(ours).toMatchObject({ rows: theirs.rows, affectedRows: theirs.affectedRows });
    const none = await both("update probe set t = t where id = $1", [999]);
    expect(none.ours.affectedRows).toBe(0);
    expect(none.ours.rows).toEqual(none.theirs.rows);
  });

  it("throws the database's error with its code and statement, and the connection stays usable", async () => {
    const duplicate = await embedded.client.query("insert into probe (id) values ($1)", [1]).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: "23505", query: "insert into probe (id) values ($1)", params: [1] });
    const syntax = await embedded.client.query("selec 1").catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: "42601" });
    // Prepared once and failed to bind: the statement stays cached and works with good input.
    const badInput = await embedded.client.query("select id from probe where id = $1", ["not a number"]).catch((error: unknown) => error);
    expect(badInput).toMatchObject({ code: "22P02" });
    expect((await embedded.client.query("select id from probe where id = $1", [2])).rows).toEqual([{ id: 2 }]);
    expect((await embedded.client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("prepares a statement again when its table changed shape under it", async () => {
    const sql = "select * from probe where id = $1";
    expect(Object.keys((await embedded.client.query<Record<string, unknown>>(sql, [1])).rows[0] ?? {})).not.toContain("extra");
    await embedded.client.exec("alter table probe add column extra text default 'x'");
    const [row] = (await embedded.client.query<Record<string, unknown>>(sql, [1])).rows;
    expect(row?.extra).toBe("x");
    await embedded.client.exec("alter table probe drop column extra");
  });

  it("never runs inside another caller's open transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));
    const tx = embedded.client.transaction(async (t) => {
      await t.query("insert into probe (id, t) values (100, 'uncommitted')");
      inserted();
      await held;
      await t.rollback();
    });
    await insertedInTx;
    // Queued behind the transaction: it must not see (or join) the uncommitted row.
    const read = embedded.client.query("select count(*)::int as n from probe where id = 100");
    release();
    await tx;
    expect((await read).rows).toEqual([{ n: 0 }]);
  });

  it("keeps at most its capacity of statements, closing the least recently used", async () => {
    const client = await PGlite.create();
    try {
      const query = cachedStatementQuery(client, client.query.bind(client), 2);
      const prepared = async () => (await client.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((r) => r.name);
      for (const n of [1, 2, 3, 4]) expect((await query(`select ${n} as n`)).rows).toEqual([{ n }]);
      // The two oldest are closed on the next preparation; the newest are kept.
      await query("select 5 as n");
      expect(await prepared()).toEqual(["chorus_s4", "chorus_s5"]);
      // A statement used again is the most recent: the other one goes next.
      expect((await query("select 4 as n")).rows).toEqual([{ n: 4 }]);
      await query("select 6 as n");
      expect(await prepared()).toEqual(["chorus_s4", "chorus_s6"]);
      expect((await query("select 1 as n")).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.close();
    }
  });
});
