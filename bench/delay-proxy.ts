import { type AddressInfo, Socket, createServer } from "node:net";

export interface DelayProxy {
  port: number;
  close: () => Promise<void>;
}

/**
 * A TCP proxy that holds every chunk `delayMs` before passing it on, in both directions, so a
 * local PostgreSQL answers like a serverless database a few milliseconds away (one query costs
 * one extra 2 x delayMs round trip). Order is kept: chunks of one direction leave in the order
 * they came, each `delayMs` after its arrival.
 */
export function startDelayProxy(target: { host: string; port: number }, delayMs: number): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket) => {
    from.on("data", (chunk: Buffer) => {
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk);
      }, delayMs);
    });
    from.on("end", () => setTimeout(() => to.end(), delayMs));
    from.on("error", () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client);
    sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    upstream.connect(target.port, target.host);
    relay(client, upstream);
    relay(upstream, client);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", forget);
    upstream.on("close", () => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
