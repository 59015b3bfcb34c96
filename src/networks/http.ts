import * as v from "valibot";
import type { ErrorCode } from "../infra/error-catalogue.js";
import { base64Url } from "../infra/base64url.js";
import { ApiError } from "../infra/errors.js";
import type { PlatformId } from "../types/platform-ids.js";
import type { NetworkContext } from "./types.js";

/** A non-2xx answer from a network, before classification. */
export interface NetworkFailure {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body was JSON, else the text. */
  body: unknown;
}

/** What a network's error body says, pulled out by the network's own `extract`. */
export interface ExtractedError {
  /** The network's error code (Graph `code`, X problem `type`, TikTok `error.code`, XRPC `error`). */
  networkCode: string | null;
  /** Graph API `error_subcode` and similar second-level codes. */
  subcode: string | null;
  message: string;
}

/**
 * A failure whose body has no error shape the network documents (a proxy's HTML page, a bare
 * text): its first 200 characters of text, without tags, or the HTTP status.
 */
export function unstructuredFailure(failure: NetworkFailure): ExtractedError {
  const text =
    typeof failure.body === "string"
      ? failure.body
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 200)
      : "";
  return { networkCode: null, subcode: null, message: text || `HTTP ${failure.status}` };
}

/**
 * One row of a network's error table. A row matches when every field it sets equals the
 * failure's; the first matching row wins, so specific rows go before general ones.
 */
export interface ErrorRow {
  status?: number;
  networkCode?: string;
  subcode?: string;
  code: ErrorCode;
  /** Why this row exists (the network's documented meaning); shown in tests and docs. */
  meaning: string;
}

export interface ErrorTable {
  platform: PlatformId;
  extract: (failure: NetworkFailure) => ExtractedError;
  rows: readonly ErrorRow[];
}

export function matchErrorRow(table: ErrorTable, failure: NetworkFailure): { row: ErrorRow | null; extracted: ExtractedError } {
  const extracted = table.extract(failure);
  const row =
    table.rows.find(
      (r) =>
        (r.status === undefined || r.status === failure.status) &&
        (r.networkCode === undefined || r.networkCode === extracted.networkCode) &&
        (r.subcode === undefined || r.subcode === extracted.subcode),
    ) ?? null;
  return { row, extracted };
}

/** Seconds to wait, from `Retry-After` (seconds or HTTP date) or an epoch-seconds reset header. */
export function retryAfterSeconds(headers: Headers, now: Date, resetHeader?: string): number | null {
  const retryAfter = headers.get("retry-after");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
  }
  if (resetHeader) {
    const reset = Number(headers.get(resetHeader));
    if (Number.isFinite(reset) && reset > 0) return Math.max(0, Math.ceil(reset - now.getTime() / 1000));
  }
  return null;
}

/**
 * Turns a network failure into the ApiError the rest of Chorus understands. Unrecognised
 * refusals keep the network's own message and carry no fix, as the spec asks; 5xx answers are
 * `platform_unavailable` and retryable.
 */
export function classifyFailure(table: ErrorTable, failure: NetworkFailure, now: Date, resetHeader?: string): ApiError {
  const { row, extracted } = matchErrorRow(table, failure);
  const wait = retryAfterSeconds(failure.headers, now, resetHeader);
  const headers: Record<string, string> = wait !== null ? { "Retry-After": String(wait) } : {};
  if (row) {
    return new ApiError(row.code, { platform: table.platform, message: `${table.platform}: ${extracted.message}`, headers });
  }
  if (failure.status >= 500) {
    return new ApiError("platform_unavailable", { platform: table.platform, message: `${table.platform}: ${extracted.message}`, headers });
  }
  return new ApiError("platform_rejected", { platform: table.platform, message: extracted.message, fix: null, headers });
}

export interface NetworkResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** A response body as the failure tables see it: parsed JSON, else the text, or null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one request to a network with the context's fetch and classifies any failure with the
 * network's table. A transport failure (DNS, reset, timeout) is `platform_unavailable`: the
 * caller decides whether the outcome is unknown (publishing) or simply failed (reads).
 */
export async function callNetwork<T = unknown>(net: NetworkContext, table: ErrorTable, url: string, init: RequestInit = {}, options: { resetHeader?: string } = {}): Promise<NetworkResponse<T>> {
  let response: Response;
  try {
    response = await net.fetch(url, init);
  } catch (cause) {
    // The caller stopped waiting and closed the request: say so, not "could not be reached".
    if (net.signal?.aborted) throw new ApiError("platform_unavailable", { platform: table.platform, message: `${table.platform}: the request was abandoned after the caller's timeout.` });
    throw new ApiError("platform_unavailable", {
      platform: table.platform,
      message: `${table.platform} could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}`,
    });
  }
  const body = await readBody(response);
  if (response.status >= 200 && response.status < 300) {
    return { status: response.status, headers: response.headers, body: body as T };
  }
  throw classifyFailure(table, { status: response.status, headers: response.headers, body }, net.now(), options.resetHeader);
}

/**
 * Parses a 2xx body with the expected schema. A network answers 2xx in a shape it never sends
 * only when something upstream broke, so a mismatch is `platform_unavailable`, not the caller's fault.
 */
export function parseNetworkBody<S extends v.GenericSchema>(platform: PlatformId, schema: S, body: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError("platform_unavailable", { platform, message: `${platform}: unexpected ${what} answer` });
  return result.output;
}

/** `application/x-www-form-urlencoded` body from a record, skipping undefined values. */
export function formBody(fields: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params.set(key, value);
  return params;
}

export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}
