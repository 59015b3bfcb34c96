import { createHmac, timingSafeEqual } from "node:crypto";
import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
  receivedAt: number;
}

/** What the receiver answers: a status (and body), or `hang` (never answers). */
export type ReceiverBehaviour = { status: number; body?: string; headers?: Record<string, string> } | "hang";

/**
 * A real HTTP receiver on 127.0.0.1 with an ephemeral port, recording each request's raw bytes.
 * `behaviour` decides every answer and can change between attempts.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  behaviour: (request: ReceivedDelivery) => ReceiverBehaviour = () => ({ status: 200, body: "ok" });
  private server: Server | null = null;
  private hanging = new Set<() => void>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const delivery = { headers: req.headers, rawBody: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() };
        this.received.push(delivery);
        const answer = this.behaviour(delivery);
        if (answer === "hang") {
          const release = () => res.destroy();
          this.hanging.add(release);
          res.on("close", () => this.hanging.delete(release));
          return;
        }
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "");
      });
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: attempts now fail to connect, until `start(this.port)` again. */
  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Verifies a delivery from the spec's description alone: `service-signature: t=<unix>,v1=<hex>`,
 * `v1` the hex HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint secret; any `v1` may match.
 */
export function verifySignature(delivery: ReceivedDelivery, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const header = String(delivery.headers["service-signature"] ?? "");
  const parts = header.split(",").map((part) => {
    const at = part.indexOf("=");
    return [part.slice(0, at), part.slice(at + 1)] as const;
  });
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t || Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${delivery.rawBody}`).digest();
  return parts.some(([k, value]) => k === "v1" && value.length === expected.length * 2 && timingSafeEqual(Buffer.from(value, "hex"), expected));
}
