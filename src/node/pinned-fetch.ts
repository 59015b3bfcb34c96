import { type LookupAddress, lookup as systemLookup } from "node:dns";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { sendRequest, toResponse } from "./http-exchange.js";

type Lookup = (hostname: string, options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export interface PinnedFetchOptions {
  /** Whether a connection to this address may be made; checked on the address actually dialled. */
  allowAddress: (address: string) => boolean;
  /** Name resolution; the system resolver unless a test injects one. */
  lookup?: Lookup;
}

const refused = (hostname: string) => Object.assign(new Error(`refused address for ${hostname}`), { code: "EADDRNOTALLOWED" });

/**
 * The Node fetch under the outbound guard. Node's global fetch resolves a name again when it
 * connects, so a name that answered a public address to the guard's check could answer a private
 * one a moment later (DNS rebinding). Here the check runs inside the connection's own lookup:
 * the addresses checked are the addresses dialled. Redirects are never followed (the guard
 * follows them itself, hop by hop) and bodies are not decompressed (no Accept-Encoding is sent).
 */
export function createPinnedFetch(options: PinnedFetchOptions): typeof fetch {
  const resolveAll: Lookup = options.lookup ?? ((hostname, opts, callback) => systemLookup(hostname, opts, callback));
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveAll(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0 || addresses.some((entry) => !options.allowAddress(entry.address))) return callback(refused(hostname), "", 0);
      if (lookupOptions.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? "", first?.family ?? 4);
    });
  };

  // Sockets of their own: a pooled connection is reused only by requests whose lookup checked its address.
  const agents = { http: new HttpAgent({ keepAlive: true, timeout: 4_000 }), https: new HttpsAgent({ keepAlive: true, timeout: 4_000 }) };
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`unsupported scheme ${url.protocol}`);
    // A literal address is dialled without a lookup, so it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal) && !options.allowAddress(literal)) throw new TypeError("fetch failed", { cause: refused(literal) });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    const agent = url.protocol === "https:" ? agents.https : agents.http;
    const res = await sendRequest({ url, method: request.method, headers: Object.fromEntries(request.headers), body, signal: request.signal, agent, lookup });
    return toResponse(res, { method: request.method, decode: false, signal: request.signal });
  };
}
