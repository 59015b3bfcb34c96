/**
 * A tiny QStash stand-in for the workerd tests (Node side, started by global-setup.ts).
 *
 * It speaks just the part of QStash's REST API that src/infra/qstash-queue.ts uses through
 * @upstash/qstash 2.12's `Client.publishJSON` (see the design notes' LOCAL-STACK, section 9):
 *
 *   POST /v2/publish/<destination>   the destination URL is appended raw (not encoded);
 *                                    `Authorization: Bearer <token>`, the options as
 *                                    `Upstash-Not-Before`, `Upstash-Deduplication-Id`,
 *                                    `Upstash-Retries`, `Upstash-Method`, ... headers; the JSON body.
 *                                    -> 201 { messageId, url, deduplicated }
 *                                       (a repeated deduplication id answers the first message's
 *                                       id with deduplicated: true and enqueues nothing new)
 *   POST /v2/batch                   `Client.batchJSON`: a JSON array of { destination, headers, body }
 *                                    (the same options as headers, per message; QStash's batch API,
 *                                    docs qstash/features/batch.mdx) -> 201 [ { messageId, url,
 *                                    deduplicated } ] one result per message, in order. Each message
 *                                    is recorded as if published alone (`batch` names the call).
 *   GET  /recorded                   -> 200 [ { messageId, destination, headers, body, deduplicated } ]
 *                                       every publish seen, in order (headers lower-cased)
 *
 * It delivers nothing: the tests sign and deliver the recorded body themselves, as QStash would.
 * Only node:http (a built-in) is needed, so there is no CommonJS dependency to load.
 */
import { randomUUID } from "node:crypto";
import { type IncomingMessage, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody, sendJson } from "../support/json-http.js";
import type { RecordedPublish } from "./qstash-recorded.js";

export interface QstashStandIn {
  /** Base URL for `new Client({ baseUrl })`, e.g. http://127.0.0.1:41234 */
  url: string;
  recorded: RecordedPublish[];
  close(): Promise<void>;
}

const PUBLISH = "/v2/publish/";
const BATCH = "/v2/batch";

function plainHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

export async function startQstashStandIn(options: { token: string; port?: number }): Promise<QstashStandIn> {
  const recorded: RecordedPublish[] = [];
  const byDedupId = new Map<string, string>();
  let batches = 0;
  /** Records one message as QStash would take it: a repeated deduplication id enqueues nothing new. */
  const accept = (destination: string, headers: Record<string, string>, body: string, batch?: number) => {
    const dedupId = headers["upstash-deduplication-id"];
    const earlier = dedupId ? byDedupId.get(dedupId) : undefined;
    const messageId = earlier ?? `msg_${randomUUID()}`;
    if (dedupId && !earlier) byDedupId.set(dedupId, messageId);
    recorded.push({ messageId, destination, headers, body, deduplicated: earlier !== undefined, ...(batch === undefined ? {} : { batch }) });
    return { messageId, url: destination, deduplicated: earlier !== undefined };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? "/";
      if (req.method === "GET" && path === "/recorded") return sendJson(res, 200, recorded);
      if (req.method === "POST" && path.startsWith(PUBLISH)) {
        if (req.headers.authorization !== `Bearer ${options.token}`) return sendJson(res, 401, { error: "Unauthorized" });
        const destination = path.slice(PUBLISH.length);
        if (!/^https?:\/\//.test(destination)) return sendJson(res, 400, { error: `invalid destination: ${destination}` });
        return sendJson(res, 201, accept(destination, plainHeaders(req), await readBody(req)));
      }
      if (req.method === "POST" && path === BATCH) {
        if (req.headers.authorization !== `Bearer ${options.token}`) return sendJson(res, 401, { error: "Unauthorized" });
        const items: unknown = JSON.parse(await readBody(req));
        if (!Array.isArray(items)) return sendJson(res, 400, { error: "batch body must be a JSON array" });
        const batch = ++batches;
        const results = items.map((item: { destination?: unknown; headers?: Record<string, string>; body?: unknown }) => {
          const destination = String(item.destination ?? "");
          if (!/^https?:\/\//.test(destination)) return { error: `invalid destination: ${destination}` };
          const headers = Object.fromEntries(Object.entries(item.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
          return accept(destination, headers, typeof item.body === "string" ? item.body : JSON.stringify(item.body ?? null), batch);
        });
        return sendJson(res, 201, results);
      }
      return sendJson(res, 404, { error: `no route for ${req.method} ${path}` });
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(err) });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    recorded,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
