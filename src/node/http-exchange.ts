import type { Agent as HttpAgent, IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, Readable, type Transform } from "node:stream";
import { constants, createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/** One HTTP request as the Node fetches send it: the body already in memory, header names lower-case. */
export interface Outgoing {
  url: URL;
  method: string;
  headers: OutgoingHttpHeaders;
  body: Buffer | string | null;
  signal?: AbortSignal | null | undefined;
  agent?: HttpAgent | undefined;
  /** Name resolution for the connection (the outbound guard's pinned lookup). */
  lookup?: LookupFunction | undefined;
}

/** undici's own limit for a network that stops sending: fetch gives up after 300 s without a byte. */
const IDLE_TIMEOUT_MS = 300_000;

const failed = (cause: unknown) => new TypeError("fetch failed", { cause });

/**
 * Sends one request and resolves with the response head, as `fetch` does (the body is still
 * streaming). Fails as `fetch` fails: a TypeError whose cause is the transport's error, or the
 * signal's reason when the caller aborted.
 */
export function sendRequest(out: Outgoing): Promise<IncomingMessage> {
  const signal = out.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const send = out.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(out.url, { method: out.method, headers: out.headers, agent: out.agent, lookup: out.lookup, signal, timeout: IDLE_TIMEOUT_MS }, resolve);
    request.on("timeout", () => request.destroy(new Error(`no answer within ${IDLE_TIMEOUT_MS} ms`)));
    request.on("error", (error) => reject(signal?.aborted ? signal.reason : failed(error)));
    request.end(out.body ?? undefined);
  });
}

/** Statuses whose response has no body, whatever the network sends (the fetch standard's null-body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The decoders for a Content-Encoding list, last applied first; none when a coding is unknown, as
 * undici does (the body is then handed over as sent).
 */
function decodersFor(contentEncoding: string | undefined): Transform[] {
  if (!contentEncoding) return [];
  const decoders: Transform[] = [];
  // Lenient about a truncated end, as browsers and undici are.
  const zlibFlush = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
  for (const coding of contentEncoding.toLowerCase().split(",").map((c) => c.trim()).filter(Boolean).reverse()) {
    if (coding === "gzip" || coding === "x-gzip") decoders.push(createGunzip(zlibFlush));
    else if (coding === "deflate") decoders.push(createInflate(zlibFlush));
    else if (coding === "br") decoders.push(createBrotliDecompress({ flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH }));
    else if (coding !== "identity") return [];
  }
  return decoders;
}

/**
 * The response head and its streaming body as a standard Response. With `decode`, a body sent
 * with a Content-Encoding the request offered is decoded, as fetch does.
 */
export function toResponse(res: IncomingMessage, options: { method: string; decode: boolean }): Response {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const status = res.statusCode ?? 502;
  const init = { status, statusText: res.statusMessage ?? "", headers };
  if (NULL_BODY_STATUSES.has(status) || options.method === "HEAD") {
    res.resume();
    return new Response(null, init);
  }
  const decoders = options.decode ? decodersFor(res.headers["content-encoding"]) : [];
  let body: Readable = res;
  if (decoders.length > 0) {
    // A decoding error ends the last stream with it, so reading the body rejects as with fetch.
    body = pipeline([res, ...decoders], () => undefined) as unknown as Readable;
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, init);
}
