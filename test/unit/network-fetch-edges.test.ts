import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
import { deflateRawSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNetworkFetch } from "../../src/node/network-fetch.js";
import { sameBothWays, startServer, text } from "./network-fetch-harness.js";

/**
 * The network fetch against Node's fetch where the two could part: over https (what every network
 * speaks), statuses the Response constructor refuses, encodings as servers really send them,
 * bodies that break while read, and a host that never finishes connecting.
 */
const payload = JSON.stringify({ id: "urn:li:share:7", text: "Chorus ✓" });
const routes = {
  "/echo": (req: { method?: string }, res: Parameters<typeof text>[0], body: Buffer) => text(res, 200, `${req.method} ${body.toString("utf8")}`),
  "/robot": (_req: unknown, res: Parameters<typeof text>[0]) => text(res, 999, "Request denied"),
  "/raw-deflate": (_req: unknown, res: Parameters<typeof text>[0]) => text(res, 200, deflateRawSync(payload), { "content-encoding": "deflate" }),
  "/corrupt-gzip": (_req: unknown, res: Parameters<typeof text>[0]) =>
    text(res, 200, Buffer.concat([gzipSync(payload).subarray(0, 12), Buffer.from("not gzip at all")]), { "content-encoding": "gzip" }),
  "/cut": (_req: unknown, res: Parameters<typeof text>[0]) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
    res.write(payload);
    setTimeout(() => res.socket?.destroy(), 20);
  },
  "/stall": (_req: unknown, res: Parameters<typeof text>[0]) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write("{");
  },
};
const plain = startServer(routes);
const tls = startServer(routes, { tls: true });
const bases = { http: "", https: "" };
const networkFetch = createNetworkFetch(fetch, { connectTimeoutMs: 300 });
/** Accepts connections and never says a word: a TLS handshake to it never ends. */
let silent: TcpServer;
const held: Socket[] = [];
let silentPort = 0;
let rejectUnauthorized: string | undefined;

beforeAll(async () => {
  // The fixture certificate is self-signed; both fetches are told to take it, in this file's process only.
  rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  bases.http = await plain.listen();
  bases.https = await tls.listen();
  silent = createTcpServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  await plain.close();
  await tls.close();
});

describe("the network fetch where it could part from Node's fetch", () => {
  it.each([
    ["a GET over https", "https", "/echo", undefined],
    ["a POST over https", "https", "/echo", { method: "POST", headers: { "content-type": "application/json" }, body: payload }],
    ["a Range request over https (identity asked)", "https", "/echo", { headers: { range: "bytes=0-10" } }],
    ["a Range request with its own Accept-Encoding", "http", "/echo", { headers: { range: "bytes=0-10", "accept-encoding": "gzip" } }],
    ["headers in a Map", "http", "/echo", { headers: new Map([["authorization", "Bearer t"]]) as unknown as HeadersInit }],
    ["a status the Response constructor refuses (LinkedIn's 999)", "http", "/robot", undefined],
    ["deflate sent raw, without the zlib wrapper", "http", "/raw-deflate", undefined],
  ] as [string, "http" | "https", string, RequestInit | undefined][])("%s", async (_name, scheme, path, init) => {
    const server = scheme === "https" ? tls : plain;
    const { response, seen } = await sameBothWays(server, networkFetch, `${bases[scheme]}${path}`, init);
    if (path === "/robot") expect(response.status).toBe(999);
    if (path === "/raw-deflate") expect(JSON.parse(response.body)).toEqual(JSON.parse(payload));
    if (scheme === "https" && !init) expect(seen[0]?.headers).toContainEqual(["accept-encoding", "br, gzip, deflate"]);
  });

  it("answers a status outside 200-599 as not ok, as fetch does", async () => {
    const theirs = await fetch(`${bases.http}/robot`);
    const ours = await networkFetch(`${bases.http}/robot`);
    expect([ours.status, ours.ok]).toEqual([theirs.status, theirs.ok]);
    expect(await ours.text()).toBe(await theirs.text());
  });

  /** How reading the body fails, by name and message: what callers can tell apart. */
  const failureOf = async (response: Promise<Response>, abort?: AbortController) => {
    const answered = await response;
    abort?.abort();
    const error = (await answered.text().then(
      () => null,
      (caught: unknown) => caught,
    )) as Error | null;
    return error && { type: error.constructor.name, name: error.name, message: error.message };
  };

  it.each(["/cut", "/corrupt-gzip"])("fails reading a body that breaks (%s) as fetch does", async (path) => {
    const theirs = await failureOf(fetch(`${bases.http}${path}`));
    const ours = await failureOf(networkFetch(`${bases.http}${path}`));
    expect(theirs).not.toBeNull();
    expect(ours).toEqual(theirs);
  });

  it("fails reading the body with the caller's abort once the head has arrived", async () => {
    const theirsAbort = new AbortController();
    const oursAbort = new AbortController();
    const theirs = await failureOf(fetch(`${bases.http}/stall`, { signal: theirsAbort.signal }), theirsAbort);
    const ours = await failureOf(networkFetch(`${bases.http}/stall`, { signal: oursAbort.signal }), oursAbort);
    // Node 20's fetch words its AbortError its own way; Node 24's rejects with the signal's reason, as we do.
    expect([theirs?.type, theirs?.name]).toEqual(["DOMException", "AbortError"]);
    expect([ours?.type, ours?.name]).toEqual(["DOMException", "AbortError"]);
    const reason = new Error("the caller gave up");
    const abort = new AbortController();
    const response = await networkFetch(`${bases.http}/stall`, { signal: abort.signal });
    abort.abort(reason);
    await expect(response.text()).rejects.toBe(reason);
  });

  it("gives up on a connection that is not made in time, TLS handshake included", async () => {
    const started = performance.now();
    const error = await networkFetch(`https://127.0.0.1:${silentPort}/never`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("UND_ERR_CONNECT_TIMEOUT");
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
