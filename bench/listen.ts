import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";

/** Serves `fetch` on a free loopback port. */
export function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
}

/** Closes the server and its kept-alive connections. */
export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    if ("closeAllConnections" in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}
