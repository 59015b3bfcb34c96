import * as v from "valibot";
import type { ErrorCode } from "../../infra/error-catalogue.js";
import { ApiError } from "../../infra/errors.js";
import { classifyFailure, formBody, readBody, type ErrorRow, type ErrorTable, type ExtractedError, type NetworkFailure, type NetworkResponse } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";

/**
 * Pieces every Meta Graph-style API shares (Facebook Pages, Instagram on both doors, Threads):
 * the error envelope, the Graph error codes that mean the same thing everywhere, URL building,
 * response parsing and cursor paging. The Instagram and Threads adapters import these so the
 * three networks classify a Graph code 190 or 4 the same way.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const scalar = (value: unknown): string | null => (typeof value === "number" || (typeof value === "string" && value !== "") ? String(value) : null);

/**
 * Graph's envelope is `{ error: { message, type, code, error_subcode, error_user_msg, fbtrace_id } }`.
 * The legacy Instagram token host (api.instagram.com) answers `{ error_type, code, error_message }`
 * instead, so both shapes are read here.
 */
export function extractGraphError(failure: NetworkFailure): ExtractedError {
  const body = failure.body;
  if (isRecord(body) && isRecord(body.error)) {
    const error = body.error;
    const message = typeof error.message === "string" && error.message ? error.message : `HTTP ${failure.status}`;
    return { networkCode: scalar(error.code), subcode: scalar(error.error_subcode), message };
  }
  if (isRecord(body) && typeof body.error_message === "string") {
    return { networkCode: scalar(body.error_type) ?? scalar(body.code), subcode: null, message: body.error_message };
  }
  const text = typeof body === "string" && body.trim() ? body.trim().slice(0, 300) : `HTTP ${failure.status}`;
  return { networkCode: null, subcode: null, message: text };
}

const row = (networkCode: string, code: ErrorCode, meaning: string, subcode?: string): ErrorRow => (subcode === undefined ? { networkCode, code, meaning } : { networkCode, subcode, code, meaning });

/**
 * Graph error codes with one meaning across Meta's APIs (Graph API "Handling Errors" guide).
 * `permissionCode` differs per network: the spec names `missing_permission` for the page and
 * photo networks and the generic `missing_scope` elsewhere. Subcode rows come first because the
 * first matching row wins.
 */
export function graphCommonRows(permissionCode: "missing_permission" | "missing_scope"): ErrorRow[] {
  const permissionRange: ErrorRow[] = [];
  // 200-299 is one family ("API Permission (multiple values depending on permission)").
  for (let n = 200; n <= 299; n++) permissionRange.push(row(String(n), permissionCode, `(#${n}) a specific permission is missing or was removed`));
  return [
    row("190", "owner_identity_check", "user is checkpointed and must log in on facebook.com to clear it", "459"),
    row("190", "owner_identity_check", "session user is not confirmed", "464"),
    row("190", "needs_reauth", "app not installed: the person removed the app", "458"),
    row("190", "needs_reauth", "password changed", "460"),
    row("190", "needs_reauth", "token expired", "463"),
    row("190", "needs_reauth", "person logged out", "467"),
    row("190", "needs_reauth", "session invalid (for example the page role was lost)", "492"),
    row("190", "needs_reauth", "access token expired, revoked or invalid"),
    row("102", "needs_reauth", "API session expired or invalid"),
    row("10", permissionCode, "(#10) permission denied or not granted"),
    ...permissionRange,
    row("3", permissionCode, "(#3) the app lacks the capability or permission for this call"),
    row("4", "rate_limited", "(#4) application-level throttling"),
    row("17", "rate_limited", "(#17) user-level throttling"),
    row("32", "rate_limited", "(#32) page-level throttling (page token)"),
    row("613", "rate_limited", "(#613) calls within one hour exceeded"),
    row("341", "rate_limited", "(#341) application limit reached"),
    row("368", "temporarily_blocked", "(#368) temporarily blocked for policy violations"),
    row("1", "platform_unavailable", "(#1) unknown error, possibly downtime: wait and retry"),
    row("2", "platform_unavailable", "(#2) service temporarily unavailable: wait and retry"),
  ];
}

/** `https://{host}/{version}/{path}?{params}`, dropping undefined params. */
export function graphUrl(base: string, version: string | null, path: string, params: Record<string, string | undefined> = {}): string {
  const url = new URL(`${base}${version ? `/${version}` : ""}/${path.replace(/^\//, "")}`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Parses a 2xx body; a body of the wrong shape is the network misbehaving, not the caller. */
export function parseGraphBody<S extends v.GenericSchema>(table: ErrorTable, schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new ApiError("platform_unavailable", { platform: table.platform, message: `${table.platform} answered with an unexpected body` });
}

/**
 * Seconds until Meta lifts a business-use-case throttle, from `X-Business-Use-Case-Usage`
 * (`{ "<business-id>": [{ type, call_count, ..., estimated_time_to_regain_access }] }`, minutes).
 * Page and Instagram tokens are throttled this way; app and user tokens (`X-App-Usage`) carry no
 * time, so their throttling has no Retry-After.
 */
export function businessUseCaseRetryAfter(headers: Headers): number | null {
  const raw = headers.get("x-business-use-case-usage");
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  let minutes: number | null = null;
  for (const entries of Object.values(parsed)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const wait = isRecord(entry) ? entry.estimated_time_to_regain_access : undefined;
      if (typeof wait === "number" && wait > 0) minutes = Math.max(minutes ?? 0, wait);
    }
  }
  return minutes === null ? null : minutes * 60;
}

/**
 * `callNetwork` for Graph: the same transport handling and error table, plus the Retry-After
 * Meta gives only inside its business-use-case usage header (never as `Retry-After`).
 */
export async function graphCall(net: NetworkContext, table: ErrorTable, url: string, init: RequestInit = {}): Promise<NetworkResponse<unknown>> {
  let response: Response;
  try {
    response = await net.fetch(url, init);
  } catch (cause) {
    throw new ApiError("platform_unavailable", {
      platform: table.platform,
      message: `${table.platform} could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}`,
    });
  }
  const body = await readBody(response);
  if (response.status >= 200 && response.status < 300) return { status: response.status, headers: response.headers, body };
  const error = classifyFailure(table, { status: response.status, headers: response.headers, body }, net.now());
  const wait = error.code === "rate_limited" && error.headers["Retry-After"] === undefined ? businessUseCaseRetryAfter(response.headers) : null;
  if (wait === null) throw error;
  throw new ApiError("rate_limited", { platform: table.platform, message: error.message, headers: { ...error.headers, "Retry-After": String(wait) } });
}

export async function graphRequest<S extends v.GenericSchema>(net: NetworkContext, table: ErrorTable, url: string, schema: S, init: RequestInit = {}): Promise<v.InferOutput<S>> {
  const response = await graphCall(net, table, url, init);
  return parseGraphBody(table, schema, response.body);
}

/**
 * A Graph write: fields go in an `application/x-www-form-urlencoded` body (Graph reads writes'
 * parameters from the query or the body alike), so long captions and the access token stay out
 * of URLs and logs.
 */
export async function graphPost<S extends v.GenericSchema>(net: NetworkContext, table: ErrorTable, url: string, fields: Record<string, string | undefined>, schema: S): Promise<v.InferOutput<S>> {
  return graphRequest(net, table, url, schema, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
  });
}

const PagedSchema = v.object({
  data: v.array(v.unknown()),
  paging: v.optional(v.object({ next: v.optional(v.string()) })),
});

/**
 * Follows Graph cursor paging through `paging.next` (the documented way). `next` carries the
 * access token, so it is followed only on the host the first page came from; `maxPages` bounds
 * the walk for people with very many pages.
 */
export async function graphCollect<S extends v.GenericSchema>(net: NetworkContext, table: ErrorTable, firstUrl: string, itemSchema: S, maxPages = 10): Promise<v.InferOutput<S>[]> {
  const host = new URL(firstUrl).host;
  const items: v.InferOutput<S>[] = [];
  let url: string | undefined = firstUrl;
  for (let page = 0; url && page < maxPages; page++) {
    const body: v.InferOutput<typeof PagedSchema> = await graphRequest(net, table, url, PagedSchema);
    for (const item of body.data) items.push(parseGraphBody(table, itemSchema, item));
    const next: string | undefined = body.paging?.next;
    url = next && new URL(next).host === host ? next : undefined;
  }
  return items;
}

/** Graph's `{ success: true }` answer to writes. */
export const SuccessSchema = v.object({ success: v.boolean() });

/** The token answer of every Meta token endpoint (`expires_in` is absent for non-expiring tokens). */
export const TokenResponseSchema = v.object({
  access_token: v.string(),
  token_type: v.optional(v.string()),
  expires_in: v.optional(v.number()),
});

export function expiresAt(net: NetworkContext, expiresIn: number | undefined): string | null {
  return expiresIn === undefined ? null : new Date(net.now().getTime() + expiresIn * 1000).toISOString();
}

/** A fact the adapter stored in `TokenSet.extra` at connect time; missing means the record predates it. */
export function extraString(tokens: TokenSet, key: string, platform: ErrorTable["platform"]): string {
  const value = tokens.extra[key];
  if (typeof value === "string" && value) return value;
  throw new ApiError("needs_reauth", { platform, message: `The ${platform} connection lacks ${key}; reconnect the account.` });
}
