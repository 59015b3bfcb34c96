/**
 * A QStash stand-in that delivers (the scale bench's; test/workers/qstash-standin.ts only records).
 * Built from QStash's documented API (design notes SCALE-FACTS §1, LOCAL-STACK §9), not from our
 * adapter:
 *
 *   POST /v2/publish/<destination>  destination appended raw; `Authorization: Bearer <token>`;
 *                                   Upstash-Not-Before (unix s, wins) or Upstash-Delay (`10s`, `2m`,
 *                                   `1h`, `1d`); Upstash-Deduplication-Id (10-minute window: a repeat
 *                                   answers 202 with the first message id and `deduplicated: true`);
 *                                   Upstash-Retries (default 3); Upstash-Method (default POST);
 *                                   Upstash-Forward-<name> forwarded as <name>.
 *                                   -> 201 { messageId, url, deduplicated: false }
 *   POST /v2/batch                  a JSON array of { destination, headers, body }: each item is a
 *                                   publish of its own, answered in order (one bad item fails alone).
 *
 * Time is the caller's (`now()`, simulated in the bench): delays, the dedup window and retry backoff
 * are simulated milliseconds. A due message is delivered through `deliver` with `Upstash-Signature`:
 * an HS256 JWT over { iss: "Upstash", sub: destination, iat, nbf, exp, jti, body: base64url(sha256
 * (body)) } under the current signing key, as @upstash/qstash's Receiver verifies it. The JWT times
 * are real seconds, since the receiver checks them against its own wall clock. A non-2xx answer is
 * retried after QStash's default backoff, min(86400, e^(2.5 n)) seconds; after the last retry the
 * message is dead (counted).
 */
import { createHash, createHmac, randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody, sendJson } from "../../test/support/json-http.js";

export const DEDUP_WINDOW_MS = 10 * 60_000;
export const DEFAULT_RETRIES = 3;
/** QStash's default backoff before retry n (1-based), in milliseconds. */
export const backoffMs = (retried: number): number => Math.min(86_400, Math.exp(2.5 * retried)) * 1000;

export interface Delivery {
  messageId: string;
  destination: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}
export type Deliver = (delivery: Delivery) => Promise<{ status: number }>;

export interface Message {
  messageId: string;
  destination: string;
  method: string;
  body: string;
  forward: Record<string, string>;
  /** Simulated ms at which it is due (its next attempt's). */
  dueAt: number;
  retries: number;
  retried: number;
  publishedAt: number;
}

export interface StandInStats {
  publishRequests: number;
  batchRequests: number;
  /** Messages accepted (a deduplicated repeat is not one). */
  messages: number;
  deduplicated: number;
  deliveries: number;
  failedDeliveries: number;
  dead: number;
  /** Simulated ms between a message's due time and the start of its delivery (this machine's backlog). */
  startLagMs: number[];
}

export interface QstashStandIn {
  url: string;
  stats: StandInStats;
  pending(): number;
  /** Delivers the messages due by now() (at most `limit`, oldest first), `parallelism` at a time; resolves when those are done. */
  deliverDue(limit?: number): Promise<number>;
  close(): Promise<void>;
}

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64url");

/** The Upstash-Signature JWT QStash sends with a delivery. */
export function signDelivery(signingKey: string, destination: string, body: string, realNowMs: number = Date.now()): string {
  const iat = Math.floor(realNowMs / 1000);
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const claims = { iss: "Upstash", sub: destination, iat, nbf: iat, exp: iat + 300, jti: `jwt_${randomUUID()}`, body: b64url(createHash("sha256").update(body).digest()) };
  const input = `${header}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(createHmac("sha256", signingKey).update(input).digest())}`;
}

/** `Upstash-Delay`: a number with s, m, h or d. */
export function parseDelay(text: string): number | null {
  const match = /^(\d+)(s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"];
}

type Published = { status: number; answer: Record<string, unknown> };

export async function startDeliveringQstash(options: { token: string; signingKey: string; now: () => number; deliver: Deliver; parallelism?: number; port?: number }): Promise<QstashStandIn> {
  const stats: StandInStats = { publishRequests: 0, batchRequests: 0, messages: 0, deduplicated: 0, deliveries: 0, failedDeliveries: 0, dead: 0, startLagMs: [] };
  const queue: Message[] = [];
  const dedup = new Map<string, { messageId: string; at: number }>();
  const parallelism = options.parallelism ?? 8;

  function publish(destination: string, rawHeaders: Record<string, string>, body: string): Published {
    if (!/^https?:\/\//.test(destination)) return { status: 400, answer: { error: `invalid destination: ${destination}` } };
    const headers = Object.fromEntries(Object.entries(rawHeaders).map(([k, v]) => [k.toLowerCase(), v]));
    const now = options.now();
    const dedupId = headers["upstash-deduplication-id"];
    const earlier = dedupId ? dedup.get(dedupId) : undefined;
    if (dedupId && earlier && now - earlier.at < DEDUP_WINDOW_MS) {
      stats.deduplicated++;
      return { status: 202, answer: { messageId: earlier.messageId, url: destination, deduplicated: true } };
    }
    let dueAt = now;
    const notBefore = headers["upstash-not-before"];
    const delay = headers["upstash-delay"];
    if (notBefore !== undefined) {
      if (!/^\d+$/.test(notBefore)) return { status: 400, answer: { error: "Upstash-Not-Before must be unix seconds" } };
      dueAt = Number(notBefore) * 1000;
    } else if (delay !== undefined) {
      const ms = parseDelay(delay);
      if (ms === null) return { status: 400, answer: { error: `invalid Upstash-Delay: ${delay}` } };
      dueAt = now + ms;
    }
    const retries = headers["upstash-retries"] !== undefined ? Number(headers["upstash-retries"]) : DEFAULT_RETRIES;
    const forward: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (name.startsWith("upstash-forward-")) forward[name.slice("upstash-forward-".length)] = value;
    if (headers["content-type"]) forward["content-type"] = headers["content-type"];
    const messageId = `msg_${randomUUID()}`;
    if (dedupId) dedup.set(dedupId, { messageId, at: now });
    queue.push({
      messageId,
      destination,
      method: headers["upstash-method"] ?? "POST",
      body,
      forward,
      dueAt,
      retries: Number.isInteger(retries) && retries >= 0 ? retries : DEFAULT_RETRIES,
      retried: 0,
      publishedAt: now,
    });
    stats.messages++;
    return { status: 201, answer: { messageId, url: destination, deduplicated: false } };
  }

  async function attempt(message: Message): Promise<void> {
    stats.startLagMs.push(Math.max(0, options.now() - message.dueAt));
    stats.deliveries++;
    const headers = {
      ...message.forward,
      "upstash-signature": signDelivery(options.signingKey, message.destination, message.body),
      "upstash-message-id": message.messageId,
      "upstash-retried": String(message.retried),
    };
    let status = 0;
    try {
      status = (await options.deliver({ messageId: message.messageId, destination: message.destination, method: message.method, headers, body: message.body })).status;
    } catch {
      status = 0;
    }
    if (status >= 200 && status < 300) return;
    stats.failedDeliveries++;
    if (message.retried >= message.retries) {
      stats.dead++;
      return;
    }
    message.retried++;
    message.dueAt = options.now() + backoffMs(message.retried);
    queue.push(message);
  }

  async function deliverDue(limit = Number.POSITIVE_INFINITY): Promise<number> {
    const now = options.now();
    queue.sort((a, b) => a.dueAt - b.dueAt);
    let count = 0;
    while (count < queue.length && count < limit && (queue[count]?.dueAt ?? Number.POSITIVE_INFINITY) <= now) count++;
    const due = queue.splice(0, count);
    let next = 0;
    const workers = Array.from({ length: Math.min(parallelism, due.length) }, async () => {
      while (next < due.length) {
        const message = due[next++];
        if (message) await attempt(message);
      }
    });
    await Promise.all(workers);
    // Expired dedup ids are forgotten, as QStash's window does.
    for (const [id, seen] of dedup) if (now - seen.at >= DEDUP_WINDOW_MS) dedup.delete(id);
    return due.length;
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => sendJson(res, 500, { error: String(err) }));
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? "/";
    if (req.headers.authorization !== `Bearer ${options.token}`) return sendJson(res, 401, { error: "Unauthorized" });
    const body = await readBody(req);
    if (req.method === "POST" && path.startsWith("/v2/publish/")) {
      stats.publishRequests++;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
      const result = publish(path.slice("/v2/publish/".length), headers, body);
      return sendJson(res, result.status, result.answer);
    }
    if (req.method === "POST" && path === "/v2/batch") {
      stats.batchRequests++;
      let items: unknown;
      try {
        items = JSON.parse(body);
      } catch {
        return sendJson(res, 400, { error: "the batch body must be a JSON array" });
      }
      if (!Array.isArray(items)) return sendJson(res, 400, { error: "the batch body must be a JSON array" });
      const answers = items.map((item: { destination?: unknown; headers?: unknown; body?: unknown }) => {
        if (typeof item?.destination !== "string") return { error: "each item needs a destination" };
        const headers = (item.headers && typeof item.headers === "object" ? item.headers : {}) as Record<string, string>;
        const result = publish(item.destination, headers, typeof item.body === "string" ? item.body : item.body === undefined ? "" : JSON.stringify(item.body));
        return result.answer;
      });
      return sendJson(res, 200, answers);
    }
    return sendJson(res, 404, { error: `no route for ${req.method} ${path}` });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    pending: () => queue.length,
    deliverDue,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
