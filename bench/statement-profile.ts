import type { PGlite, Transaction } from "@electric-sql/pglite";
import { round } from "./stats.js";

/**
 * Where a PGlite database's time goes, per statement shape. PGlite runs one statement at a time,
 * so a statement's own time is from when the previous one finished (or it was sent, if later) to
 * when it resolves; the sum over shapes is the database's busy time, and the wall time minus
 * that is what the rest of the process (HTTP, crypto, the event loop) had. A transaction's BEGIN
 * and COMMIT are counted as the shape `BEGIN/COMMIT` around its statements.
 */
export interface StatementProfile {
  stop(): { wallMs: number; busyMs: number; statements: number; shapes: { shape: string; count: number; ms: number }[] };
}

const shapeOf = (sql: unknown) =>
  String(sql)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\$\d+/g, "$")
    .replace(/\(\$(?:, \$)*\)/g, "(…)")
    .slice(0, 140);

export function profileStatements(client: PGlite): StatementProfile {
  const shapes = new Map<string, { count: number; ms: number }>();
  let lastEnd = performance.now();
  const started = lastEnd;
  const note = (shape: string, sent: number) => {
    const end = performance.now();
    const ms = end - Math.max(sent, lastEnd);
    lastEnd = end;
    const entry = shapes.get(shape) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += Math.max(0, ms);
    shapes.set(shape, entry);
  };
  const timed = <T>(shape: string, run: () => Promise<T>): Promise<T> => {
    const sent = performance.now();
    return run().finally(() => note(shape, sent));
  };
  const original = { query: client.query, exec: client.exec, transaction: client.transaction };
  const patched = client as unknown as Record<string, unknown>;
  patched.query = (...args: unknown[]) => timed(shapeOf(args[0]), () => (original.query as (...a: unknown[]) => Promise<unknown>).apply(client, args));
  patched.exec = (...args: unknown[]) => timed(shapeOf(args[0]), () => (original.exec as (...a: unknown[]) => Promise<unknown>).apply(client, args));
  patched.transaction = (callback: (tx: Transaction) => Promise<unknown>) =>
    timed("BEGIN/COMMIT", () =>
      (original.transaction as (cb: (tx: Transaction) => Promise<unknown>) => Promise<unknown>).call(client, (tx: Transaction) => {
        const q = tx.query.bind(tx);
        const e = tx.exec.bind(tx);
        const w = tx as unknown as Record<string, unknown>;
        w.query = (...args: unknown[]) => timed(shapeOf(args[0]), () => (q as (...a: unknown[]) => Promise<unknown>)(...args));
        w.exec = (...args: unknown[]) => timed(shapeOf(args[0]), () => (e as (...a: unknown[]) => Promise<unknown>)(...args));
        return callback(tx);
      }),
    );
  return {
    stop() {
      patched.query = original.query;
      patched.exec = original.exec;
      patched.transaction = original.transaction;
      const list = [...shapes].map(([shape, v]) => ({ shape, count: v.count, ms: round(v.ms, 1) })).sort((a, b) => b.ms - a.ms);
      return {
        wallMs: round(performance.now() - started, 1),
        busyMs: round(
          list.reduce((s, x) => s + x.ms, 0),
          1,
        ),
        statements: list.reduce((s, x) => s + x.count, 0),
        shapes: list,
      };
    },
  };
}

// `npx tsx bench/statement-profile.ts`: the webhook section on PGlite with every statement timed.
if (process.argv[1]?.endsWith("statement-profile.ts")) {
  const { openBenchRuntime } = await import("./setup.js");
  const { runWebhookLagBench } = await import("./webhook-lag.js");
  const runtime = await openBenchRuntime();
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 300);
  try {
    const profile = profileStatements(runtime.client);
    await runWebhookLagBench(runtime, { events, ratePerSecond: Number(process.env.BENCH_WEBHOOK_RATE ?? 100), deadlineMs: 60_000 });
    const result = profile.stop();
    console.log(`  wall ${result.wallMs} ms, database busy ${result.busyMs} ms, ${result.statements} statements (${round(result.statements / (2 * events), 1)} per event)`);
    for (const s of result.shapes.slice(0, 25)) console.log(`    ${String(s.count).padStart(6)} ${String(s.ms).padStart(9)} ms  ${s.shape}`);
  } finally {
    await runtime.close();
  }
}
