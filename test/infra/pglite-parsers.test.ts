import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, openEmbeddedDatabase } from "../../src/db/pglite.js";
import { jobs } from "../../src/db/schema/index.js";

/**
 * The embedded database drops drizzle's per-query parsers (PGlite copied its ~300 parsers for
 * each result they came with) and holds them as the client's own instead: drizzle must read
 * exactly what it read before, in and out of transactions.
 */
describe("embedded PGlite without per-query parsers", () => {
  let embedded: EmbeddedDatabase;
  let reference: PGlite;
  beforeAll(async () => {
    embedded = await openEmbeddedDatabase();
    reference = await PGlite.create();
  });
  afterAll(async () => {
    await embedded.close();
    await reference.close();
  });

  const probe = sql`select
    '2026-01-02 03:04:05.678+00'::timestamptz as tz, '2026-01-02 03:04:05'::timestamp as ts, '2026-01-02'::date as d,
    '1 day 02:00:00'::interval as iv, array['2026-01-02 03:04:05+00'::timestamptz] as tzs, array[1.50::numeric] as nums,
    42::int as n, '{"a":1}'::jsonb as j`;

  it("gives drizzle the same raw values as drizzle's own parsers do", async () => {
    const ours = (await embedded.db.execute(probe)) as unknown as { rows: Record<string, unknown>[] };
    const theirs = await drizzle({ client: reference }).execute(probe);
    expect(ours.rows).toEqual(theirs.rows);
    expect(typeof ours.rows[0]?.tz).toBe("string");
  });

  it("maps timestamp columns to dates, in a transaction too", async () => {
    const runAt = new Date("2026-03-04T05:06:07.089Z");
    await embedded.db.transaction(async (tx) => {
      await tx.insert(jobs).values({ id: "job_parsers", kind: "poll_target", dedupKey: "parsers", payload: { a: 1 }, runAt });
      const [inside] = await tx.select().from(jobs).where(eq(jobs.id, "job_parsers"));
      expect(inside?.runAt).toEqual(runAt);
    });
    const [row] = await embedded.db.select().from(jobs).where(eq(jobs.id, "job_parsers"));
    expect(row?.runAt).toBeInstanceOf(Date);
    expect(row?.runAt.getTime()).toBe(runAt.getTime());
    expect(row?.payload).toEqual({ a: 1 });
  });

  it("holds drizzle's parsers as the client's own, so none need sending with a query", async () => {
    const raw = await embedded.client.query<{ tz: unknown; tzs: unknown }>("select '2026-01-02 03:04:05+00'::timestamptz as tz, array[now()] as tzs");
    expect(typeof raw.rows[0]?.tz).toBe("string");
    expect(typeof raw.rows[0]?.tzs).toBe("string");
  });
});
