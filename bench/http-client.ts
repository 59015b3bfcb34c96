import { Agent, request } from "node:http";

export interface TimedResponse {
  status: number;
  body: string;
  /** Send to last byte of the body, in milliseconds. */
  ms: number;
}

/**
 * A keep-alive HTTP client with one connection per server, so sequential requests reuse the same
 * socket and the timings hold the server's work plus one loopback round trip, not connection set-up.
 */
export function createClient(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  function get(path: string, headers: Record<string, string> = {}): Promise<TimedResponse> {
    return new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const req = request({ host: "127.0.0.1", port, path, method: "GET", agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ms });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  }
  return { get, close: () => agent.destroy() };
}
