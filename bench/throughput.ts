import { Agent, request as httpRequest } from "node:http";
import { round } from "./stats.js";

export interface ThroughputCase {
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** JSON body for POST. */
  body?: unknown;
}

export interface ThroughputResult {
  label: string;
  concurrency: number;
  requests: number;
  requestsPerSecond: number;
  /** Answers other than 2xx (should be none). */
  errors: number;
}

/**
 * Requests per second against a real HTTP server on loopback: `concurrency` clients, each on its
 * own keep-alive socket, send one request after another until `requests` have been answered.
 */
export async function measureThroughput(port: number, c: ThroughputCase, concurrency: number, requests: number): Promise<ThroughputResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const payload = c.body === undefined ? undefined : Buffer.from(JSON.stringify(c.body), "utf8");
  const headers = payload ? { ...c.headers, "content-type": "application/json", "content-length": String(payload.byteLength) } : c.headers;
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: c.path, method: c.method, agent, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(payload);
    });
  let sent = 0;
  let errors = 0;
  const worker = async () => {
    while (sent < requests) {
      sent++;
      const status = await once();
      if (status < 200 || status >= 300) errors++;
    }
  };
  try {
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { label: c.label, concurrency, requests, requestsPerSecond: round(requests / seconds, 1), errors };
  } finally {
    agent.destroy();
  }
}
