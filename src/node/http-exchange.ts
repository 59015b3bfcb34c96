import type { Agent as HttpAgent, IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction, Socket } from "node:net";
import { pipeline, type Readable, Transform } from "node:stream";
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";

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
  /** Tests shorten the connect limit. */
  connectTimeoutMs?: number | undefined;
}

/**
 * undici's limits, which Node's fetch applies: a connection (TLS included) must be made within
 * 10 s, and a network that sends nothing for 300 s is given up on. Without the first, a host that
 * drops packets would hold a publish until the kernel gives up, two minutes or more.
 */
const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 300_000;

const failed = (cause: unknown) => new TypeError("fetch failed", { cause });

/** Fails the request if its new socket is not connected (and through TLS) in time; a pooled socket is already. */
function limitConnect(request: ReturnType<typeof httpRequest>, tls: boolean, limitMs: number): void {
  request.once("socket", (socket: Socket) => {
    if (!socket.connecting) return;
    const timer = setTimeout(() => request.destroy(Object.assign(new Error(`connect timeout after ${limitMs} ms`), { code: "UND_ERR_CONNECT_TIMEOUT" })), limitMs);
    const clear = () => clearTimeout(timer);
    socket.once(tls ? "secureConnect" : "connect", clear);
    socket.once("close", clear);
  });
}

/**
 * Sends one request and resolves with the response head, as `fetch` does (the body is still
 * streaming). Fails as `fetch` fails: a TypeError whose cause is the transport's error, or the
 * signal's reason when the caller aborted.
 */
export function sendRequest(out: Outgoing): Promise<IncomingMessage> {
  const signal = out.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const tls = out.url.protocol === "https:";
  const send = tls ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(out.url, { method: out.method, headers: out.headers, agent: out.agent, lookup: out.lookup, signal, timeout: IDLE_TIMEOUT_MS }, resolve);
    limitConnect(request, tls, out.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    request.on("timeout", () => request.destroy(new Error(`no answer within ${IDLE_TIMEOUT_MS} ms`)));
    request.on("error", (error) => reject(signal?.aborted ? signal.reason : failed(error)));
    request.end(out.body ?? undefined);
  });
}

/** Statuses whose response has no body, whatever the network sends (the fetch standard's null-body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

const zlibFlush = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };

/**
 * `deflate` as servers send it: zlib-wrapped as the standard says, or raw as some send it anyway.
 * The first byte tells (a zlib header's low nibble is 8), as undici decides.
 */
function inflateEither(): Transform {
  let inner: Transform | null = null;
  const outer = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.length === 0) return done();
      if (!inner) {
        const chosen = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? createInflate(zlibFlush) : createInflateRaw(zlibFlush);
        chosen.on("data", (data: Buffer) => outer.push(data));
        chosen.once("error", (error) => outer.destroy(error));
        inner = chosen;
      }
      if (inner.write(chunk)) done();
      else inner.once("drain", () => done());
    },
    flush(done) {
      if (!inner) return done();
      inner.once("end", () => done());
      inner.end();
    },
  });
  return outer;
}

/**
 * The decoders for a Content-Encoding list, last applied first; none when a coding is unknown, as
 * undici does (the body is then handed over as sent).
 */
function decodersFor(contentEncoding: string | undefined): Transform[] {
  if (!contentEncoding) return [];
  const decoders: Transform[] = [];
  for (const coding of contentEncoding
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean)
    .reverse()) {
    if (coding === "gzip" || coding === "x-gzip") decoders.push(createGunzip(zlibFlush));
    else if (coding === "deflate") decoders.push(inflateEither());
    else if (coding === "br") decoders.push(createBrotliDecompress({ flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH }));
    else if (coding !== "identity") return [];
  }
  return decoders;
}

/**
 * The body as a web stream, failing as fetch's does: with the signal's reason when the caller
 * aborted, else a TypeError('terminated') whose cause is what broke (a connection cut mid-body,
 * a corrupt encoding). Reading pauses the source when the stream's queue is full.
 */
function webBody(source: Readable, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (cause: unknown) => {
        if (settled) return;
        settled = true;
        controller.error(signal?.aborted ? signal.reason : new TypeError("terminated", { cause }));
      };
      source.on("data", (chunk: Buffer) => {
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once("end", () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      source.once("error", fail);
      source.once("close", () => fail(new Error("the connection closed before the body ended")));
    },
    pull() {
      source.resume();
    },
    cancel() {
      settled = true;
      source.destroy();
    },
  });
}

/**
 * The response head and its streaming body as a standard Response. With `decode`, a body sent
 * with a Content-Encoding the request offered is decoded, as fetch does. A status the Response
 * constructor refuses (LinkedIn answers 999 to what it takes for a robot) is kept as the network
 * sent it, as fetch keeps it.
 */
export function toResponse(res: IncomingMessage, options: { method: string; decode: boolean; signal?: AbortSignal | null | undefined }): Response {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const status = res.statusCode ?? 502;
  const signal = options.signal ?? undefined;
  // The body is torn down with the caller's reason, so reading it rejects as fetch's does.
  const abort = () => res.destroy(signal?.reason);
  signal?.addEventListener("abort", abort, { once: true });
  res.once("close", () => signal?.removeEventListener("abort", abort));
  let body: ReadableStream<Uint8Array> | null = null;
  if (NULL_BODY_STATUSES.has(status) || options.method === "HEAD") res.resume();
  else {
    const decoders = options.decode ? decodersFor(res.headers["content-encoding"]) : [];
    // A decoding error ends the last stream with it, so reading the body rejects as with fetch.
    const source = decoders.length > 0 ? (pipeline([res, ...decoders], () => undefined) as unknown as Readable) : res;
    body = webBody(source, signal);
  }
  const constructible = status >= 200 && status <= 599;
  const response = new Response(body, { status: constructible ? status : 599, statusText: res.statusMessage ?? "", headers });
  if (!constructible) Object.defineProperties(response, { status: { value: status }, ok: { value: false } });
  return response;
}
