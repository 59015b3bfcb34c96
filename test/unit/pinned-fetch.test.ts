import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBlockedAddress } from "../../src/infra/outbound/address-ranges.js";
import { createGuardedFetch, UrlUnreachableError } from "../../src/infra/outbound/guarded-fetch.js";
import { createPinnedFetch } from "../../src/node/pinned-fetch.js";

/** A server on loopback stands for anything private the deployment can reach. */
let server: Server;
let port = 0;
const hits: string[] = [];
/** TCP connections accepted: a refused address must not even be dialled. */
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === "/redirect") return void res.writeHead(302, { location: "/elsewhere" }).end();
    res.writeHead(200, { "content-type": "text/plain", "set-cookie": ["a=1", "b=2"] }).end(`internal ${req.method}`);
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A resolver an attacker controls: the name points at loopback. */
const rebinding = (_hostname: string, _options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void) =>
  callback(null, [{ address: "127.0.0.1", family: 4 }]);

describe("the Node fetch under the guard checks the address it dials", () => {
  it("answers like fetch where the address is allowed, without following redirects", async () => {
    const pinned = createPinnedFetch({ allowAddress: () => true, lookup: rebinding });
    const response = await pinned(`http://anything.example.test:${port}/x`, { method: "POST", body: "hi" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("internal POST");
    expect(response.headers.get("set-cookie")).toContain("a=1");
    const redirect = await pinned(`http://127.0.0.1:${port}/redirect`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/elsewhere");
  });

  it("refuses a name that resolves to a refused address at connect time, and a refused literal", async () => {
    const pinned = createPinnedFetch({ allowAddress: (address) => !isBlockedAddress(address), lookup: rebinding });
    const before = connections;
    await expect(pinned(`http://rebind.example.test:${port}/secret`)).rejects.toThrow(TypeError);
    await expect(pinned(`http://127.0.0.1:${port}/secret`)).rejects.toThrow(TypeError);
    await expect(pinned(`http://[::ffff:127.0.0.1]:${port}/secret`)).rejects.toThrow(TypeError);
    expect(connections).toBe(before);
  });

  it("closes DNS rebinding: the guard's check saw a public address, the connection would see loopback", async () => {
    const guard = createGuardedFetch({
      // The first answer (the guard's check) is public...
      resolve: async () => ["93.184.216.34"],
      // ...the second (the connection's own lookup) is loopback.
      fetch: createPinnedFetch({ allowAddress: (address) => !isBlockedAddress(address), lookup: rebinding }),
    });
    const before = connections;
    const error = await guard(`https://rebind.example.test:${port}/secret`).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "url_unreachable", reason: "transport" });
    expect(error).toBeInstanceOf(UrlUnreachableError);
    // Not dialled at all: with Node's own fetch the connection would have reached the loopback server.
    expect(connections).toBe(before);
  });
});
