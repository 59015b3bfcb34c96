import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Database } from "../../src/db/types.js";

/**
 * Records every round trip sent to the PGlite client under `db` until `stop()`: each `query` and
 * `exec`, and for a transaction `BEGIN`, its statements and `COMMIT`.
 */
export function recordStatements(db: Database): { statements: string[]; stop: () => void } {
  const client = (db as unknown as { $client: PGlite }).$client;
  const original = { query: client.query, exec: client.exec, transaction: client.transaction };
  const statements: string[] = [];
  const patched = client as unknown as {
    query: (...args: unknown[]) => unknown;
    exec: (...args: unknown[]) => unknown;
    transaction: (callback: (tx: Transaction) => Promise<unknown>) => Promise<unknown>;
  };
  patched.query = (...args) => {
    statements.push(String(args[0]));
    return (original.query as (...a: unknown[]) => unknown).apply(client, args);
  };
  patched.exec = (...args) => {
    statements.push(String(args[0]));
    return (original.exec as (...a: unknown[]) => unknown).apply(client, args);
  };
  patched.transaction = (callback) => {
    statements.push("BEGIN");
    return original.transaction
      .call(client, (tx: Transaction) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        const wrapped = tx as unknown as { query: (...args: unknown[]) => unknown; exec: (...args: unknown[]) => unknown };
        wrapped.query = (...args) => {
          statements.push(String(args[0]));
          return (txQuery as (...a: unknown[]) => unknown)(...args);
        };
        wrapped.exec = (...args) => {
          statements.push(String(args[0]));
          return (txExec as (...a: unknown[]) => unknown)(...args);
        };
        return callback(tx);
      })
      .finally(() => statements.push("COMMIT"));
  };
  return { statements, stop: () => Object.assign(client, original) };
}
