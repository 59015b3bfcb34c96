import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * Round trips to the database, counted at the PGlite client: every `query` and `exec`, and for a
 * transaction its BEGIN and COMMIT/ROLLBACK plus every statement run on the transaction handle.
 * drizzle-orm/pglite sends each prepared query as one `client.query(...)` and each transaction as
 * `client.transaction(cb)` with the statements on `tx.query` (see drizzle-orm/pglite/session.js);
 * PGlite runs BEGIN/COMMIT through private methods, so nothing is counted twice.
 */
export interface RoundTripCounts {
  query: number;
  exec: number;
  transactions: number;
  transactionStatements: number;
}

/** One round trip as it is sent: the SQL for statements, `BEGIN`/`COMMIT` for a transaction's ends. */
export interface RoundTrip {
  kind: "query" | "exec" | "transaction" | "transactionStatement";
  sql: string;
}

export interface RoundTripCounter {
  /** A copy of the counts so far. */
  snapshot(): RoundTripCounts;
  /** Round trips in `counts`: a transaction costs its statements plus BEGIN and COMMIT. */
  total(counts?: RoundTripCounts): number;
  /**
   * Calls `listener` synchronously for every round trip, in the caller's async context (so an
   * AsyncLocalStorage store of the code sending the query is visible). Returns the unsubscribe.
   * A transaction reports `BEGIN` when it starts and `COMMIT` when its callback settles.
   */
  listen(listener: (trip: RoundTrip) => void): () => void;
}

export function diffCounts(after: RoundTripCounts, before: RoundTripCounts): RoundTripCounts {
  return {
    query: after.query - before.query,
    exec: after.exec - before.exec,
    transactions: after.transactions - before.transactions,
    transactionStatements: after.transactionStatements - before.transactionStatements,
  };
}

function totalOf(counts: RoundTripCounts): number {
  return counts.query + counts.exec + counts.transactionStatements + 2 * counts.transactions;
}

/** Replaces `query`, `exec` and `transaction` on this client instance with counting wrappers. */
export function countRoundTrips(client: PGlite): RoundTripCounter {
  const counts: RoundTripCounts = { query: 0, exec: 0, transactions: 0, transactionStatements: 0 };
  const listeners = new Set<(trip: RoundTrip) => void>();
  const emit = (kind: RoundTrip["kind"], sql: unknown) => {
    for (const listener of listeners) listener({ kind, sql: typeof sql === "string" ? sql : String(sql) });
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);

  const patched = client as unknown as {
    query: (...args: Parameters<PGlite["query"]>) => ReturnType<PGlite["query"]>;
    exec: (...args: Parameters<PGlite["exec"]>) => ReturnType<PGlite["exec"]>;
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => Promise<T>;
  };
  patched.query = (...args) => {
    counts.query += 1;
    emit("query", args[0]);
    return query(...args);
  };
  patched.exec = (...args) => {
    counts.exec += 1;
    emit("exec", args[0]);
    return exec(...args);
  };
  patched.transaction = <T>(callback: (tx: Transaction) => Promise<T>) => {
    counts.transactions += 1;
    emit("transaction", "BEGIN");
    const run = transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      const wrapped = tx as unknown as {
        query: (...args: Parameters<Transaction["query"]>) => ReturnType<Transaction["query"]>;
        exec: (...args: Parameters<Transaction["exec"]>) => ReturnType<Transaction["exec"]>;
      };
      wrapped.query = (...args) => {
        counts.transactionStatements += 1;
        emit("transactionStatement", args[0]);
        return txQuery(...args);
      };
      wrapped.exec = (...args) => {
        counts.transactionStatements += 1;
        emit("transactionStatement", args[0]);
        return txExec(...args);
      };
      return callback(tx);
    });
    if (listeners.size > 0)
      void run.then(
        () => emit("transaction", "COMMIT"),
        () => emit("transaction", "ROLLBACK"),
      );
    return run;
  };

  return {
    snapshot: () => ({ ...counts }),
    total: (c = counts) => totalOf(c),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** For databases the bench cannot count at (a PostgreSQL server): counts nothing. */
export function notCounting(): RoundTripCounter {
  const zero = (): RoundTripCounts => ({ query: 0, exec: 0, transactions: 0, transactionStatements: 0 });
  return { snapshot: zero, total: () => 0, listen: () => () => undefined };
}
