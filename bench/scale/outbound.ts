/**
 * Every subrequest the Worker makes leaves workerd through this server (Miniflare's outboundService
 * as an external HTTP service), so the bench counts them all, by destination, where Cloudflare would
 * count them: QStash, Upstash Redis, the Neon WebSocket (an upgrade, piped to the counting ws proxy)
 * and webhook deliveries, which are answered here by the bench's receiver. Webhook endpoints use a
 * public-looking https name (the Worker's outbound guard refuses loopback); workerd sends it here as
 * plain HTTP with its Host header, which is how it is recognised.
 */
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from "node:http";
import net, { type AddressInfo } from "node:net";

export const WEBHOOK_HOST = "hooks.bench.example";

export type Destination = "qstash" | "redis" | "neon" | "webhook" | "other";

export interface OutboundCounts {
  byDestination: Record<Destination, number>;
}

export interface Outbound {
  address: string;
  counts: OutboundCounts;
  close(): Promise<void>;
}

export interface OutboundOptions {
  /** host:port of each local service the Worker reaches. */
  qstash: string;
  redis: string;
  neon: string;
  /** The bench's webhook receiver: the path and raw body of each delivery; answers 200. */
  onWebhook: (path: string, body: string) => void;
}

export async function startOutbound(options: OutboundOptions): Promise<Outbound> {
  const counts: OutboundCounts = { byDestination: { qstash: 0, redis: 0, neon: 0, webhook: 0, other: 0 } };
  const kindOf = (host: string | undefined): Destination => {
    if (host === options.qstash) return "qstash";
    if (host === options.redis) return "redis";
    if (host === options.neon) return "neon";
    if (host?.split(":")[0] === WEBHOOK_HOST) return "webhook";
    return "other";
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const kind = kindOf(req.headers.host);
    counts.byDestination[kind]++;
    if (kind === "webhook") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        options.onWebhook(req.url ?? "/", Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200).end();
      });
      return;
    }
    if (kind === "other") return void res.writeHead(502).end(`the scale bench does not reach ${req.headers.host}`);
    const [host, port] = (req.headers.host ?? "").split(":");
    const upstream = httpRequest({ host, port: Number(port), method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });

  // The Neon driver's WebSocket: the upgrade request is replayed to the ws proxy and the bytes piped.
  server.on("upgrade", (req: IncomingMessage, socket: net.Socket, head: Buffer) => {
    const kind = kindOf(req.headers.host);
    counts.byDestination[kind]++;
    if (kind !== "neon") return void socket.destroy();
    const [host, port] = (req.headers.host ?? "").split(":");
    const upstream = net.connect({ host, port: Number(port) }, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    socket.on("close", () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
