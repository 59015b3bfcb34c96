/**
 * A small local server that speaks the Upstash Redis REST protocol on top of a
 * real Redis, so that @upstash/redis and @upstash/ratelimit can be exercised in
 * tests without an Upstash account.
 *
 * Protocol surface (what @upstash/redis 1.39 actually sends; every request is a POST):
 *   POST /            body ["CMD", arg, ...]          -> 200 {result} | 400 {error}
 *   POST /pipeline    body [["CMD", ...], ...]        -> 200 [{result}|{error}, ...]
 *   POST /multi-exec  body [["CMD", ...], ...]        -> 200 [{result}|{error}, ...] inside real MULTI/EXEC
 * and, for hand use with curl, the path form `GET|POST /cmd/arg1/arg2` (a POST body,
 * if any, is appended as the last argument).
 * Authorization: `Bearer <token>` is required (401 otherwise).
 *
 * Behaviours needed to keep the SDKs happy (see the design notes' LOCAL-STACK, section 8):
 *  - `Upstash-Encoding: base64`: every string in a result, at any depth, is sent base64-encoded.
 *  - HGETALL stays a flat [field, value, ...] array (ioredis would turn it into an object).
 *  - Lua scripts: the Upstash-only shebang flag `allow-key-locking` is removed before EVAL and
 *    SCRIPT LOAD (Redis 7 rejects it); the client's sha1 of the original text is mapped to the
 *    sha1 of the rewritten text so EVALSHA with the client's hash works.
 *
 * `setHang(true)` makes the server accept requests and never answer them, to test
 * client-side timeouts. Requests held that way stay open until `close()`.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { Redis as RedisClient } from "ioredis";

// Vite/vitest can resolve ioredis to the wrong entry when imported as ESM; plain require is reliable.
const require = createRequire(import.meta.url);
const { Redis } = require("ioredis") as typeof import("ioredis");

export interface UpstashShimOptions {
  /** e.g. redis://127.0.0.1:6379 */
  redisUrl: string;
  /** the bearer token clients must present */
  token: string;
  /** 0 (default) picks a free port */
  port?: number;
  /** start in hang mode */
  hang?: boolean;
}

export interface UpstashShim {
  /** base URL for `new Redis({ url, token })`, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
  setHang(hang: boolean): void;
}

type Arg = string;
type Cmd = [string, ...Arg[]];
type Outcome = { result: unknown } | { error: string };

class BadRequest extends Error {}

/** Commands that would change the state of the shared connection or never return. */
const REFUSED = new Set([
  "SUBSCRIBE",
  "PSUBSCRIBE",
  "SSUBSCRIBE",
  "UNSUBSCRIBE",
  "PUNSUBSCRIBE",
  "SUNSUBSCRIBE",
  "MONITOR",
  "MULTI",
  "EXEC",
  "DISCARD",
  "WATCH",
  "UNWATCH",
  "SELECT",
  "QUIT",
  "RESET",
  "HELLO",
  "AUTH",
  "CLIENT",
  "SHUTDOWN",
]);

const UPSTASH_ONLY_FLAGS = new Set(["allow-key-locking"]);

const sha1 = (text: string): string => createHash("sha1").update(text).digest("hex");

/**
 * Drop Upstash-only flags from a `#!lua flags=a,b` first line. Returns the script unchanged when
 * there is nothing to drop.
 */
export function stripUpstashScriptFlags(script: string): string {
  if (!script.startsWith("#!")) return script;
  const eol = script.indexOf("\n");
  const firstLine = eol === -1 ? script : script.slice(0, eol);
  const rest = eol === -1 ? "" : script.slice(eol);
  let changed = false;
  const parts = firstLine.split(/\s+/).filter((p) => p.length > 0);
  const kept: string[] = [];
  for (const part of parts) {
    if (!part.startsWith("flags=")) {
      kept.push(part);
      continue;
    }
    const flags = part
      .slice("flags=".length)
      .split(",")
      .filter((f) => f.length > 0);
    const remaining = flags.filter((f) => !UPSTASH_ONLY_FLAGS.has(f));
    if (remaining.length !== flags.length) changed = true;
    // "flags=" with an empty list is valid in Redis and means "no flags"; keep it explicit
    // so the script is not treated as a flag-less legacy script with different defaults.
    kept.push(`flags=${remaining.join(",")}`);
  }
  return changed ? kept.join(" ") + rest : script;
}

function parseCommand(value: unknown): Cmd {
  if (!Array.isArray(value) || value.length === 0) {
    throw new BadRequest("ERR command must be a non-empty JSON array");
  }
  const out: string[] = [];
  for (const item of value) {
    if (typeof item === "string") out.push(item);
    else if (typeof item === "number" || typeof item === "boolean") out.push(String(item));
    else throw new BadRequest("ERR command arguments must be strings or numbers");
  }
  return out as Cmd;
}

/** Encode a reply for the wire: Buffers/strings become text or base64, recursively. */
function encodeReply(value: unknown, base64: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return base64 ? value.toString("base64") : value.toString("utf8");
  if (typeof value === "string") return base64 ? Buffer.from(value, "utf8").toString("base64") : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Error) return encodeReply(value.message, base64);
  if (Array.isArray(value)) return value.map((v) => encodeReply(v, base64));
  if (typeof value === "object") {
    // ioredis reply transformers (HGETALL) produce plain objects; Upstash sends flat arrays.
    const flat: unknown[] = [];
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flat.push(k, v);
    return encodeReply(flat, base64);
  }
  return String(value);
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

export async function startUpstashShim(opts: UpstashShimOptions): Promise<UpstashShim> {
  const redis: RedisClient = new Redis(opts.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: true,
  });
  redis.on("error", () => {
    // Connection errors surface per command as {error}; keep ioredis from logging "Unhandled error event".
  });
  await redis.connect();

  let hang = opts.hang ?? false;
  /** client sha1(original script) -> sha1(script as sent to Redis) */
  const shaMap = new Map<string, string>();

  /** Rewrite script-related commands; everything else passes through (name upper-cased). */
  function prepare(cmd: Cmd): Cmd {
    const name = cmd[0].toUpperCase();
    if (REFUSED.has(name)) throw new BadRequest(`ERR command '${cmd[0]}' is not supported by the REST shim`);
    const args = cmd.slice(1);
    const [first = "", second = ""] = args;
    if ((name === "EVAL" || name === "EVAL_RO") && args.length >= 1) {
      const original = first;
      const rewritten = stripUpstashScriptFlags(original);
      if (rewritten !== original) shaMap.set(sha1(original), sha1(rewritten));
      return [name, rewritten, ...args.slice(1)];
    }
    if ((name === "EVALSHA" || name === "EVALSHA_RO") && args.length >= 1) {
      const sha = first.toLowerCase();
      return [name, shaMap.get(sha) ?? sha, ...args.slice(1)];
    }
    if (name === "SCRIPT" && args.length >= 1) {
      const sub = first.toUpperCase();
      if (sub === "LOAD" && args.length >= 2) {
        const original = second;
        const rewritten = stripUpstashScriptFlags(original);
        if (rewritten !== original) shaMap.set(sha1(original), sha1(rewritten));
        return [name, first, rewritten, ...args.slice(2)];
      }
      if (sub === "EXISTS") {
        return [name, first, ...args.slice(1).map((s) => shaMap.get(s.toLowerCase()) ?? s)];
      }
    }
    return [name, ...args];
  }

  /** SCRIPT LOAD must answer with the hash the client computed, not Redis's. */
  function postprocess(cmd: Cmd, prepared: Cmd, result: unknown): unknown {
    if (prepared[0] === "SCRIPT" && prepared[1]?.toUpperCase() === "LOAD" && cmd[2] !== undefined) {
      return sha1(cmd[2]);
    }
    return result;
  }

  async function runOne(cmd: Cmd): Promise<Outcome> {
    let prepared: Cmd;
    try {
      prepared = prepare(cmd);
    } catch (err) {
      return { error: errorMessage(err) };
    }
    try {
      const [name, ...args] = prepared;
      const result = await redis.callBuffer(name, ...args);
      return { result: postprocess(cmd, prepared, result) };
    } catch (err) {
      return { error: errorMessage(err) };
    }
  }

  async function runPipeline(cmds: Cmd[]): Promise<Outcome[]> {
    // Issued synchronously so ioredis writes them back to back, in order, on one connection.
    return Promise.all(cmds.map((c) => runOne(c)));
  }

  async function runMultiExec(cmds: Cmd[]): Promise<Outcome[]> {
    const prepared = cmds.map((c) => prepare(c)); // a refused command fails the whole transaction
    const tx = redis.multi();
    for (const [name, ...args] of prepared) tx.callBuffer(name, ...args);
    const replies = await tx.exec(); // rejects with EXECABORT when a command fails to queue
    if (replies === null) throw new Error("EXECABORT transaction discarded");
    return replies.map(([err, result], i): Outcome => (err ? { error: errorMessage(err) } : { result: postprocess(cmds[i] ?? [""], prepared[i] ?? [""], result) }));
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  }

  function encodeOutcome(o: Outcome, base64: boolean): Outcome {
    return "error" in o ? { error: o.error } : { result: encodeReply(o.result, base64) };
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function parseJson(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw new BadRequest("ERR request body is not valid JSON");
    }
  }

  function parseBatch(value: unknown): Cmd[] {
    if (!Array.isArray(value)) throw new BadRequest("ERR pipeline body must be an array of commands");
    return value.map(parseCommand);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (hang) {
      // Accept and hold: never read, never answer. close() destroys the socket.
      return;
    }
    const auth = req.headers.authorization ?? "";
    if (auth !== `Bearer ${opts.token}`) {
      send(res, 401, { error: "Unauthorized" });
      return;
    }
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const url = new URL(req.url ?? "/", "http://shim");
    const path = url.pathname.replace(/\/+$/, "");
    const method = req.method ?? "GET";
    const body = await readBody(req);

    try {
      if (path === "/pipeline" || path === "/multi-exec") {
        if (method !== "POST") return send(res, 405, { error: "ERR use POST" });
        const cmds = parseBatch(parseJson(body));
        const outcomes = path === "/pipeline" ? await runPipeline(cmds) : await runMultiExec(cmds);
        return send(
          res,
          200,
          outcomes.map((o) => encodeOutcome(o, base64)),
        );
      }

      let cmd: Cmd;
      if (path === "") {
        if (method !== "POST") return send(res, 405, { error: "ERR use POST with a JSON command array" });
        cmd = parseCommand(parseJson(body));
      } else {
        // Path form: /set/key/value; a POST body is the last argument.
        const segments = path
          .slice(1)
          .split("/")
          .map((s) => decodeURIComponent(s));
        if (method === "POST" && body.length > 0) segments.push(body);
        cmd = parseCommand(segments);
      }
      const outcome = await runOne(cmd);
      if ("error" in outcome) return send(res, 400, outcome);
      return send(res, 200, encodeOutcome(outcome, base64));
    } catch (err) {
      return send(res, 400, { error: errorMessage(err) });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: errorMessage(err) });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    setHang(value: boolean) {
      hang = value;
    },
    async close() {
      if (closed) return;
      closed = true;
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections(); // also drops requests held in hang mode
      await done;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
