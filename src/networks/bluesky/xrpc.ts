import { ApiError } from "../../infra/errors.js";
import { classifyFailure, type NetworkFailure, readBody } from "../http.js";
import type { NetworkContext } from "../types.js";
import { BLUESKY_RATE_LIMIT_HEADERS, BLUESKY_XRPC_PATH } from "./capabilities.js";
import { blueskyErrorTable } from "./errors.js";

/** One XRPC call: a query (GET with params) or a procedure (POST with JSON or raw bytes). */
export interface XrpcRequest {
  /** Base URL of the PDS or entryway, e.g. `https://bsky.social`. */
  base: string;
  nsid: string;
  method: "GET" | "POST";
  /** Access JWT, or the refresh JWT for refreshSession and deleteSession. */
  token?: string | null;
  /** Query parameters; an array repeats the parameter, as XRPC encodes array params. */
  params?: Record<string, string | readonly string[]>;
  json?: unknown;
  bytes?: { data: ArrayBuffer; contentType: string };
  /** Extra headers, such as `atproto-proxy` to have the PDS forward a call to another service. */
  headers?: Record<string, string>;
}

export type XrpcResult<T> = { ok: true; status: number; headers: Headers; body: T } | { ok: false; failure: NetworkFailure; error: string | null; message: string };

export function xrpcUrl(base: string, nsid: string, params: Record<string, string | readonly string[]> = {}): string {
  const url = new URL(`${base.replace(/\/+$/, "")}${BLUESKY_XRPC_PATH}${nsid}`);
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") url.searchParams.set(key, value);
    else for (const item of value) url.searchParams.append(key, item);
  }
  return url.toString();
}

/**
 * Sends one XRPC request and returns the failure unclassified, because some callers must react to
 * the XRPC error name itself (RecordNotFound means "no profile yet", InvalidSwap means "read again
 * and retry", AuthenticationRequired at login means "wrong app password"). Everything else goes
 * through {@link xrpcOrThrow}. A transport failure is thrown at once as `platform_unavailable`.
 */
export async function xrpc<T>(net: NetworkContext, request: XrpcRequest): Promise<XrpcResult<T>> {
  const headers = new Headers(request.headers ?? {});
  if (request.token) headers.set("authorization", `Bearer ${request.token}`);
  let body: BodyInit | undefined;
  if (request.bytes) {
    headers.set("content-type", request.bytes.contentType);
    body = request.bytes.data;
  } else if (request.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(request.json);
  }
  let response: Response;
  try {
    response = await net.fetch(xrpcUrl(request.base, request.nsid, request.params), {
      method: request.method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
  } catch (cause) {
    // The outbound guard refused the PDS (a private address, a redirect to one): its one generic error.
    if (cause instanceof ApiError) throw cause;
    throw new ApiError("platform_unavailable", {
      platform: "bluesky",
      message: `bluesky could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}`,
    });
  }
  const parsed = await readBody(response);
  if (response.status >= 200 && response.status < 300) {
    return { ok: true, status: response.status, headers: response.headers, body: parsed as T };
  }
  const failure: NetworkFailure = { status: response.status, headers: response.headers, body: parsed };
  const extracted = blueskyErrorTable.extract(failure);
  return { ok: false, failure, error: extracted.networkCode, message: extracted.message };
}

/** Turns a failure into the ApiError the rest of Chorus understands (Retry-After from RateLimit-Reset). */
export function blueskyFailure(net: NetworkContext, failure: NetworkFailure): ApiError {
  return classifyFailure(blueskyErrorTable, failure, net.now(), BLUESKY_RATE_LIMIT_HEADERS.reset);
}

export async function xrpcOrThrow<T>(net: NetworkContext, request: XrpcRequest): Promise<T> {
  const result = await xrpc<T>(net, request);
  if (!result.ok) throw blueskyFailure(net, result.failure);
  return result.body;
}

/** Claims of a PDS session JWT that the adapter reads; the tokens are otherwise opaque. */
export interface SessionJwtClaims {
  sub: string | null;
  scope: string | null;
  exp: number | null;
}

/**
 * Reads (never verifies) a JWT's payload. Only the PDS can verify its own tokens; the adapter reads
 * `exp` to know when to refresh and `scope` to notice a main-password login. A token that is not a
 * JWT gives empty claims and the caller falls back to the documented lifetimes.
 */
export function readJwtClaims(token: string): SessionJwtClaims {
  const empty: SessionJwtClaims = { sub: null, scope: null, exp: null };
  const payload = token.split(".")[1];
  if (!payload) return empty;
  try {
    const base64 = payload
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const binary = atob(base64);
    const json = new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    return {
      sub: typeof claims.sub === "string" ? claims.sub : null,
      scope: typeof claims.scope === "string" ? claims.scope : null,
      exp: typeof claims.exp === "number" ? claims.exp : null,
    };
  } catch {
    return empty;
  }
}
