import { Agent, request as httpRequest } from "node:http";

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
  function send(method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array | string): Promise<TimedResponse> {
    return new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const sent = body === undefined ? undefined : typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      const allHeaders = sent ? { ...headers, "content-length": String(sent.byteLength) } : headers;
      const req = httpRequest({ host: "127.0.0.1", port, path, method, agent, headers: allHeaders }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ms });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(sent);
    });
  }
  const get = (path: string, headers: Record<string, string> = {}) => send("GET", path, headers);
  /** A JSON body (`content-type: application/json`). */
  const json = (method: string, path: string, value: unknown, headers: Record<string, string> = {}) => send(method, path, { ...headers, "content-type": "application/json" }, JSON.stringify(value));
  return { get, send, json, close: () => agent.destroy() };
}
