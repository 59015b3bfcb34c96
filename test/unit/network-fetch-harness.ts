import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";

/**
 * A local server that records what it received, for sending the same request with Node's fetch
 * and with the network fetch (src/node/network-fetch.ts) and comparing both ends.
 */
export interface Seen {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

export type Route = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** With `tls`, https with a self-signed certificate for localhost (test/unit/fixtures). */
export function startServer(routes: Record<string, Route>, options: { tls?: boolean } = {}) {
  const seen: Seen[] = [];
  let connections = 0;
  const listener: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers = Object.entries(req.headers)
        .filter(([name]) => name !== "host" && name !== "connection")
        .map(([name, value]) => [name, String(value)] as [string, string])
        .sort(([a], [b]) => a.localeCompare(b));
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers, body: body.toString("latin1") });
      const route = routes[(req.url ?? "").split("?")[0] ?? ""] ?? routes.default;
      route?.(req, res, body);
    });
  };
  const server: Server = options.tls ? createTlsServer({ key: fixture("localhost-key.pem"), cert: fixture("localhost-cert.pem") }, listener) : createServer(listener);
  server.on("connection", () => {
    connections += 1;
  });
  return {
    seen,
    connections: () => connections,
    listen: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`${options.tls ? "https://localhost" : "http://127.0.0.1"}:${(server.address() as AddressInfo).port}`))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const text = (res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string | string[]> = {}) => {
  res.writeHead(status, { "content-type": "text/plain", ...headers });
  res.end(body);
};

/** What the caller can observe of a response. */
export async function observed(response: Response) {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers].filter(([name]) => name !== "date" && name !== "keep-alive" && name !== "connection"),
    setCookies: response.headers.getSetCookie(),
    body: await response.text(),
  };
}

/** Sends the request with Node's fetch, then with `ours`; both must look the same from either end. */
export async function sameBothWays(server: { seen: Seen[] }, ours: typeof fetch, url: string, init?: RequestInit) {
  const from = server.seen.length;
  const theirs = await observed(await fetch(url, init));
  const theirsSeen = server.seen.slice(from);
  const mid = server.seen.length;
  const got = await observed(await ours(url, init));
  const oursSeen = server.seen.slice(mid);
  expect(oursSeen).toEqual(theirsSeen);
  expect(got).toEqual(theirs);
  return { response: got, seen: oursSeen };
}
