import { Agent as HttpAgent, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { type Outgoing, sendRequest, toResponse } from "./http-exchange.js";

/** What the fetch standard uppercases; any other method is sent as written. */
const NORMALIZED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** The fetch standard's redirect limit. */
const MAX_REDIRECTS = 20;
/** Never sent on to another origin after a redirect (the host is the new origin's). */
const CROSS_ORIGIN_DROPPED = ["authorization", "proxy-authorization", "cookie", "host"];
/** Describe a request body, so they go when a redirect turns the request into a GET. */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];
/** What Node's fetch adds when the caller did not set them (Accept-Encoding: see encodingFor). */
const DEFAULT_HEADERS: [string, string][] = [
  ["accept", "*/*"],
  ["accept-language", "*"],
  ["sec-fetch-mode", "cors"],
  ["user-agent", "node"],
];

/**
 * The Accept-Encoding Node's fetch sends, decided for each hop by its scheme: brotli too over
 * https, gzip and deflate over http, and `identity` added to a Range request (a byte range of a
 * compressed body would not decode).
 */
export function encodingFor(url: URL, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const given = headers["accept-encoding"];
  if (headers.range !== undefined) return { ...headers, "accept-encoding": given === undefined ? "identity" : `${String(given)}, identity` };
  if (given !== undefined) return headers;
  return { ...headers, "accept-encoding": url.protocol === "https:" ? "br, gzip, deflate" : "gzip, deflate" };
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Bytes a header value may hold for both fetch and node:http, so neither would refuse it. */
const PLAIN_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const EDGE_WHITESPACE = /^[\t ]+|[\t ]+$/g;

/**
 * Header names lower-cased, values trimmed and repeated names joined, as fetch's Headers does.
 * A plain record of valid strings (what adapters pass) is read directly; anything else goes
 * through Headers, which throws fetch's own TypeError for what it refuses.
 */
function headersOf(given: HeadersInit | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  if (given === undefined) return out;
  const record = given as Record<string, unknown>;
  const prototype = Object.getPrototypeOf(given) as unknown;
  // Only an object literal's own keys are its headers: a Map or other iterable holds them as entries.
  const plain =
    (prototype === Object.prototype || prototype === null) && Object.values(record).every((v) => typeof v === "string" && PLAIN_VALUE.test(v)) && Object.keys(record).every((k) => TOKEN.test(k));
  if (!plain) {
    new Headers(given).forEach((value, name) => {
      out[name] = value;
    });
    return out;
  }
  for (const [name, value] of Object.entries(record as Record<string, string>)) {
    const key = name.toLowerCase();
    const trimmed = value.replace(EDGE_WHITESPACE, "");
    out[key] = out[key] === undefined ? trimmed : `${String(out[key])}, ${trimmed}`;
  }
  return out;
}

interface Plan extends Outgoing {
  redirect: RequestRedirect;
}

/** A body this client sends itself, with the Content-Type fetch gives it; undefined for any other kind. */
function bodyOf(body: RequestInit["body"]): { bytes: Buffer | string | null; type: string | null } | undefined {
  if (body === undefined || body === null) return { bytes: null, type: null };
  if (typeof body === "string") return { bytes: body, type: "text/plain;charset=UTF-8" };
  if (body instanceof URLSearchParams) return { bytes: body.toString(), type: "application/x-www-form-urlencoded;charset=UTF-8" };
  // Copied, as fetch copies at the call: the caller may reuse its buffer.
  if (body instanceof Uint8Array) return { bytes: Buffer.from(body), type: null };
  if (body instanceof ArrayBuffer) return { bytes: Buffer.from(body.slice(0)), type: null };
  return undefined;
}

/**
 * The request this client can send itself, or null when fetch should: a Request object, a
 * streamed, Blob or FormData body, another scheme, credentials in the URL, an undici dispatcher.
 * Invalid headers, methods and GET bodies throw the TypeError fetch throws.
 */
function planOf(input: RequestInfo | URL, init: RequestInit | undefined): Plan | null {
  if (typeof input !== "string" && !(input instanceof URL)) return null;
  if (init && "dispatcher" in init) return null;
  const url = new URL(input);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) return null;
  const body = bodyOf(init?.body);
  if (!body) return null;
  const written = init?.method ?? "GET";
  const upper = written.toUpperCase();
  if (FORBIDDEN_METHODS.has(upper)) throw new TypeError(`'${written}' HTTP method is unsupported.`);
  const method = NORMALIZED_METHODS.has(upper) ? upper : written;
  if (body.bytes !== null && (method === "GET" || method === "HEAD")) throw new TypeError("Request with GET/HEAD method cannot have body.");
  const headers = headersOf(init?.headers);
  for (const [name, value] of DEFAULT_HEADERS) headers[name] ??= value;
  if (body.type) headers["content-type"] ??= body.type;
  if (body.bytes !== null) headers["content-length"] = String(Buffer.byteLength(body.bytes));
  else if (method === "POST" || method === "PUT") headers["content-length"] = "0";
  return { url, method, headers, body: body.bytes, signal: init?.signal, redirect: init?.redirect ?? "follow" };
}

/** The request a redirect leads to, as the fetch standard rewrites it. */
function redirected(plan: Plan, status: number, location: URL): Plan {
  const next: Plan = { ...plan, url: location, headers: { ...plan.headers } };
  if (((status === 301 || status === 302) && plan.method === "POST") || (status === 303 && plan.method !== "GET" && plan.method !== "HEAD")) {
    next.method = "GET";
    next.body = null;
    for (const name of BODY_HEADERS) delete next.headers[name];
  }
  if (location.origin !== plan.url.origin) for (const name of CROSS_ORIGIN_DROPPED) delete next.headers[name];
  return next;
}

async function follow(plan: Plan, agents: { http: HttpAgent; https: HttpsAgent }, connectTimeoutMs: number | undefined): Promise<IncomingMessage> {
  for (let hops = 0; ; hops++) {
    const res = await sendRequest({ ...plan, headers: encodingFor(plan.url, plan.headers), agent: plan.url.protocol === "https:" ? agents.https : agents.http, connectTimeoutMs });
    const location = res.headers.location;
    if (plan.redirect === "manual" || !REDIRECT_STATUSES.has(res.statusCode ?? 0) || location === undefined) return res;
    res.resume();
    if (plan.redirect === "error") throw new TypeError("fetch failed", { cause: new Error("unexpected redirect") });
    if (hops >= MAX_REDIRECTS) throw new TypeError("fetch failed", { cause: new Error("redirect count exceeded") });
    const next = new URL(location, plan.url);
    if (next.protocol !== "https:" && next.protocol !== "http:") throw new TypeError("fetch failed", { cause: new Error("URL scheme must be a HTTP(S) scheme") });
    plan = redirected(plan, res.statusCode ?? 0, next);
  }
}

/**
 * The fetch Chorus reaches the networks with on Node (live keys). Node's fetch spends most of a
 * small call building the standard's objects: a small JSON exchange costs the calling process
 * about 2.5 times the CPU through it that it costs through node:http with pooled keep-alive
 * connections on Node 20, 1.5 times on Node 24 (bench/network-fetch-cost.ts). Adapters send small JSON and form bodies,
 * so those go this way, with what fetch would send and answered as fetch answers: the same default
 * headers, the same encodings offered and decoded, redirects followed by the standard's rules,
 * its connect and idle limits, aborts, a standard Response. Anything else (a Request object, a FormData, Blob or streamed body)
 * goes to `fallback`, the runtime's own fetch.
 */
export function createNetworkFetch(fallback: typeof fetch, options: { connectTimeoutMs?: number } = {}): typeof fetch {
  // Idle sockets close after 4 s (or sooner when the server says so), before most servers drop them.
  const agents = { http: new HttpAgent({ keepAlive: true, timeout: 4_000 }), https: new HttpsAgent({ keepAlive: true, timeout: 4_000 }) };
  return async (input, init) => {
    const plan = planOf(input, init);
    if (!plan) return fallback(input, init);
    const res = await follow(plan, agents, options.connectTimeoutMs);
    return toResponse(res, { method: plan.method, decode: true, signal: plan.signal });
  };
}
