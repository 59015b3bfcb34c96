import { type PGlite, type QueryOptions, type Results, messages as backend, parse, protocol } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

interface Statement {
  name: string;
  /** Parameter type OIDs as the server described them when the statement was prepared. */
  paramTypes: number[];
  /**
   * The statement's row description (or none for a statement that returns no rows), given to
   * PGlite's result parser in place of describing the portal again on every call: results are
   * asked for in text, the format a statement's description names.
   */
  described: BackendMessage[];
}

/** SQLSTATE of "cached plan must not change result type" and of "prepared statement does not exist". */
const STALE_STATEMENT = new Set(["0A000", "26000"]);

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The error as PGlite's own `query` throws it: the DatabaseError with the statement attached. */
function withQuery(error: unknown, sql: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error && typeof error === "object" && "code" in error) Object.assign(error, { query: sql, params, queryOptions: options });
  return error;
}

/**
 * PGlite's `query` runs every statement unnamed, in six protocol exchanges (parse, describe,
 * bind, describe, execute, sync): the server parses and plans the same SQL again on every call.
 * Measured (bench/limits-floor.ts): a small join 0.51 ms as PGlite sends it, 0.11 ms as a named
 * statement bound and executed in one exchange; a primary-key read 175 µs against 50 µs;
 * `select 1` 90 µs against 33 µs.
 *
 * This is the statement cache that node-postgres gives a named query and postgres.js every
 * query: each SQL text is prepared once on PGlite's single connection (parse and describe, so
 * parameters are serialised by their types exactly as PGlite does), then each call sends bind,
 * execute and sync in one exchange. Results are parsed by PGlite's own parser with the
 * client's parsers. Held under the same two locks PGlite's `query` takes, so it never runs
 * inside another caller's transaction; statements on a transaction handle keep PGlite's path.
 * At most `capacity` statements are kept, the least recently used closed first.
 */
export function cachedStatementQuery(client: PGlite, fallback: Query, capacity = 500): Query {
  const statements = new Map<string, Statement>();
  const closing: string[] = [];
  let counter = 0;
  const { serialize } = protocol;

  const run = async (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string): Promise<Statement> {
    const name = `chorus_s${++counter}`;
    const parts = closing.splice(0).map((old) => serialize.close({ type: "S", name: old }));
    if (statements.size >= capacity) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        parts.push(serialize.close({ type: "S", name: oldest[1].name }));
      }
    }
    parts.push(serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync());
    const messages = await run(concat(parts));
    const described = messages.filter((message) => message instanceof backend.RowDescriptionMessage);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages), described };
    statements.set(sql, statement);
    return statement;
  }

  function serializeParams(statement: Statement, params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  async function execute(sql: string, params: unknown[], options: QueryOptions | undefined, retried: boolean): Promise<Results> {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last, so the first entry is the one to close.
      statements.delete(sql);
      statements.set(sql, statement);
    } else {
      statement = await prepare(sql);
    }
    const values = serializeParams(statement, params, options);
    try {
      const messages = await run(concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]));
      const [result] = parse.parseResults([...statement.described, ...messages], client.parsers, options);
      if (!result) throw new Error(`PGlite answered no result for a prepared statement: ${sql}`);
      return result;
    } catch (error) {
      // The table under a cached statement changed shape, or the statement was deallocated: prepare it again, once.
      const code = (error as { code?: unknown }).code;
      if (retried || typeof code !== "string" || !STALE_STATEMENT.has(code)) throw error;
      statements.delete(sql);
      closing.push(statement.name);
      return execute(sql, params, options, true);
    }
  }

  return async (sql, params = [], options) => {
    // Blobs (COPY) and explicit parameter types keep PGlite's own path.
    if (options?.blob || options?.paramTypes) return fallback(sql, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await execute(sql, params, options, false);
        } catch (error) {
          throw withQuery(error, sql, params, options);
        } finally {
          await client.syncToFs();
        }
      }),
    );
  };
}
