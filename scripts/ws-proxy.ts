/**
 * WebSocket -> TCP relay, the piece Neon's serverless driver expects in front of Postgres.
 *
 * With `neonConfig.wsProxy = proxy.url` (the STRING form) the driver opens
 * `ws://127.0.0.1:<port>/v1?address=<pg host>:<pg port>` and then speaks the ordinary Postgres
 * wire protocol inside binary WebSocket frames. This relay opens a TCP socket to that address
 * (only for hosts in `allowHosts`) and copies bytes both ways.
 * (The function form of wsProxy is used verbatim, without `?address=`, so it does not work here.)
 */
import { createRequire } from "node:module";
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { WebSocket as WsSocket, RawData } from "ws";

// Vite/vitest may pick ws's browser stub when imported as ESM; require() gets the Node build.
const require = createRequire(import.meta.url);
const { WebSocketServer, WebSocket } = require("ws") as typeof import("ws");

export interface WsProxyOptions {
  /** 0 (default) picks a free port */
  port?: number;
  /** hosts the proxy may dial; default loopback only */
  allowHosts?: string[];
  /**
   * Called once per WebSocket (one Neon connection); the function it returns, if any, sees every
   * chunk the client sends to Postgres. The scale bench counts connections and statements with it.
   */
  observe?: () => ((clientChunk: Buffer) => void) | undefined;
}

export interface WsProxy {
  port: number;
  /** value for neonConfig.wsProxy, e.g. "127.0.0.1:41234/v1" */
  url: string;
  /** WebSocket connections accepted so far: one per Postgres connection a Neon client opened. */
  opened(): number;
  close(): Promise<void>;
}

/** "host:port" or "[v6]:port" -> parts, or null when malformed. */
function splitAddress(address: string): { host: string; port: number } | null {
  const idx = address.lastIndexOf(":");
  if (idx <= 0) return null;
  let host = address.slice(0, idx);
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  const port = Number(address.slice(idx + 1));
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return null;
  return { host, port };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

export async function startWsProxy(opts: WsProxyOptions = {}): Promise<WsProxy> {
  const allowed = new Set(opts.allowHosts ?? ["127.0.0.1", "localhost", "::1"]);
  const wss = new WebSocketServer({ port: opts.port ?? 0, host: "127.0.0.1" });
  const sockets = new Set<net.Socket>();
  let opened = 0;

  wss.on("connection", (client: WsSocket, req) => {
    opened++;
    const query = new URL(req.url ?? "/", "http://proxy").searchParams;
    const target = splitAddress(query.get("address") ?? "");
    if (!target || !allowed.has(target.host)) {
      client.close(1008, "address not allowed");
      return;
    }

    const seeChunk = opts.observe?.();
    const upstream = net.connect({ host: target.host, port: target.port });
    upstream.setNoDelay(true);
    sockets.add(upstream);

    upstream.on("data", (chunk: Buffer) => {
      if (client.readyState !== WebSocket.OPEN) return;
      client.send(chunk, { binary: true });
      // Simple backpressure: stop reading Postgres while the WebSocket buffer is large.
      if (client.bufferedAmount > 1 << 20) {
        upstream.pause();
        const resume = setInterval(() => {
          if (client.readyState !== WebSocket.OPEN || client.bufferedAmount < 1 << 18) {
            clearInterval(resume);
            upstream.resume();
          }
        }, 5);
      }
    });
    upstream.on("close", () => {
      sockets.delete(upstream);
      if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING) client.close();
    });
    upstream.on("error", () => {
      // "close" follows and closes the WebSocket.
    });

    client.on("message", (data: RawData) => {
      // net.Socket queues writes made before the TCP connect completes.
      const chunk = toBuffer(data);
      seeChunk?.(chunk);
      if (!upstream.destroyed) upstream.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    client.on("error", () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    wss.once("listening", resolve);
    wss.once("error", reject);
  });
  const { port } = wss.address() as AddressInfo;

  let closed = false;
  return {
    port,
    url: `127.0.0.1:${port}/v1`,
    opened: () => opened,
    async close() {
      if (closed) return;
      closed = true;
      for (const client of wss.clients) client.terminate();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
