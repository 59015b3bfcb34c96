import { Hono } from "hono";
import type { PlatformId } from "../../types/platform-ids.js";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";
import { requestForm, takeCallToken } from "./graph-request-memo.js";
import type { TokenMeta } from "./token-meta.js";
import { applyLatencyFaults, checkToken, readToken, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";

/**
 * The Graph wire protocol pieces the Facebook, Instagram and Threads simulators share: error
 * bodies, token lookup with per-account faults, `fields=` selection and cursor paging. Answers
 * are built as plain `Response`s so middleware and handlers can both return them.
 */

export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

const randomChars = (n: number) => [...crypto.getRandomValues(new Uint8Array(n))].map((b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[b % 62]).join("");

export function graphJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=UTF-8", ...headers } });
}

export function graphError(status: number, error: GraphErrorBody, headers: Record<string, string> = {}): Response {
  return graphJson({ error: { ...error, fbtrace_id: randomChars(11) } }, status, headers);
}

/** The same answer, marked so the sandbox router tries the next simulator on a shared host. */
export function unmatched(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(UNMATCHED_HEADER, "1");
  return new Response(response.body, { status: response.status, headers });
}

export const unknownPath = (path: string) => graphError(400, { message: `Unknown path components: ${path}`, type: "OAuthException", code: 2500 });

export const unsupportedRequest = (method: string, id: string) =>
  graphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: "GraphMethodException",
    code: 100,
    error_subcode: 33,
  });

export const invalidParameter = (message: string) => graphError(400, { message, type: "OAuthException", code: 100 });

/** Graph reads the token from `access_token` (query or form) or an `Authorization: Bearer|OAuth` header. */
export function accessTokenOf(request: Request, form?: URLSearchParams): string | null {
  const query = new URL(request.url).searchParams.get("access_token");
  if (query) return query;
  const fromForm = form?.get("access_token");
  if (fromForm) return fromForm;
  const match = request.headers.get("authorization")?.match(/^(?:Bearer|OAuth)\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export interface GraphProfile {
  platform: PlatformId;
  deps: SimulatorDeps;
  /** The network's throttling answer for a `rate_limited` account (page tokens meet other limits than user tokens). */
  rateLimited: (meta: TokenMeta | null) => Response;
  /** The network's answer when a permission is missing. */
  permissionDenied: (permission: string) => Response;
  /** Permissions every grant includes; the `revoked_permission` fault never removes these. */
  basicPermissions: readonly string[];
}

export type GraphAuth = { ok: true; account: SandboxAccount; token: SandboxToken; value: string; meta: TokenMeta | null } | { ok: false; response: Response };

const fail = (response: Response): GraphAuth => ({ ok: false, response });

const tokenErrors = {
  missing: () => graphError(400, { message: "An active access token must be used to query information about the current user.", type: "OAuthException", code: 2500 }),
  invalid: () => graphError(400, { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190 }),
  revoked: () => graphError(400, { message: "Error validating access token: The user has not authorized application.", type: "OAuthException", code: 190, error_subcode: 458 }),
  // [unverified] 492 "invalid session" is the sheet's subcode for a lost page role (shared/networks/facebook.md section 8).
  roleRemoved: () =>
    graphError(400, { message: "Error validating access token: The session is invalid because the user no longer has a role on the Page.", type: "OAuthException", code: 190, error_subcode: 492 }),
  expired: (now: Date) =>
    graphError(400, {
      message: `Error validating access token: Session has expired on ${now.toUTCString()}. The current time is ${now.toUTCString()}.`,
      type: "OAuthException",
      code: 190,
      error_subcode: 463,
    }),
};

/** A token exchange (`fb_exchange_token`, `th_*`, `ig_*`) refused for a token that is not valid. */
export const exchangeTokenRefused = (expired: boolean) =>
  graphError(400, {
    message: expired ? "Error validating access token: Session has expired." : "Invalid OAuth access token - Cannot parse access token",
    type: "OAuthException",
    code: 190,
    ...(expired ? { error_subcode: 463 } : {}),
  });

/** A long-lived exchange or refresh given a token of the wrong kind. */
export const tokenLifetimeRefused = (wantLongLived: boolean) =>
  graphError(400, { message: wantLongLived ? "Short-lived tokens cannot be refreshed." : "Token is already long-lived.", type: "OAuthException", code: 100 });

export const graphDown = () => graphError(500, { message: "An unexpected error has occurred. Please retry your request later.", type: "OAuthException", code: 2, is_transient: true });

/**
 * Looks the token up and applies the account's faults in the order a real request meets them:
 * an expired token first (the auth layer), then latency and outages, then throttling, then
 * the permission check (`revoked_permission` acts as if every non-basic permission was declined).
 * `door` rejects a token issued for the other Instagram door, as the real hosts do.
 */
export async function authenticate(profile: GraphProfile, request: Request, options: { permission?: string; door?: string; form?: URLSearchParams } = {}): Promise<GraphAuth> {
  const { deps, platform } = profile;
  const value = accessTokenOf(request, options.form);
  // The token's door and lifetime (its token_meta record) come in the same read.
  const read = value ? (takeCallToken(request, platform, value) ?? readToken<TokenMeta>(deps, platform, value, "token_meta")) : undefined;
  const check = await checkToken<TokenMeta>(deps, platform, value, "access", read ? { read } : {});
  if (!check.ok) {
    if (check.reason === "missing") return fail(tokenErrors.missing());
    if (check.reason === "expired") return fail(tokenErrors.expired(deps.now()));
    if (check.reason === "revoked") return fail((await read)?.alongside?.data.roleRemoved ? tokenErrors.roleRemoved() : tokenErrors.revoked());
    return fail(tokenErrors.invalid());
  }
  const meta = check.alongside;
  if (options.door !== undefined && meta?.door !== options.door) return fail(tokenErrors.invalid());
  if ((await applyLatencyFaults(deps, check.account, request.signal)) === "down") return fail(graphDown());
  if (check.account.fault === "rate_limited") return fail(profile.rateLimited(meta));
  const permission = options.permission;
  if (permission !== undefined && !profile.basicPermissions.includes(permission)) {
    if (check.account.fault === "revoked_permission" || !check.token.scopes.includes(permission)) {
      return fail(profile.permissionDenied(permission));
    }
  }
  return { ok: true, account: check.account, token: check.token, value: value ?? "", meta };
}

interface FieldSpec {
  name: string;
  nested: FieldSpec[] | null;
}

/** Parses Graph field syntax: `id,name,picture.type(large),instagram_business_account{id,username}`. */
export function parseFields(spec: string): FieldSpec[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of spec) {
    if (ch === "{" || ch === "(") depth++;
    if (ch === "}" || ch === ")") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const brace = part.indexOf("{");
      const head = brace === -1 ? part : part.slice(0, brace);
      const nested = brace === -1 ? null : parseFields(part.slice(brace + 1, part.lastIndexOf("}")));
      return { name: head.split(".")[0] ?? head, nested };
    });
}

export type GraphNode = Record<string, unknown>;

const isNode = (value: unknown): value is GraphNode => typeof value === "object" && value !== null && !Array.isArray(value);

function select(node: GraphNode, fields: FieldSpec[], nodeType: string): GraphNode | string {
  const out: GraphNode = {};
  for (const field of fields) {
    if (!(field.name in node)) return `(#100) Tried accessing nonexisting field (${field.name}) on node type (${nodeType})`;
    const value = node[field.name];
    if (value === undefined || value === null) continue;
    if (field.nested && isNode(value)) {
      const nested = field.nested;
      // Edges (`{ data: [...] }`) and wrapped objects (`picture: { data: {...} }`) select inside `data`.
      const data = value.data;
      if (Array.isArray(data)) {
        const inner = data.map((item) => (isNode(item) ? select(item, nested, field.name) : item));
        const bad = inner.find((item) => typeof item === "string");
        if (typeof bad === "string") return bad;
        out[field.name] = { ...value, data: inner };
      } else if (isNode(data)) {
        const inner = select(data, nested, field.name);
        if (typeof inner === "string") return inner;
        out[field.name] = { ...value, data: inner };
      } else {
        const inner = select(value, nested, field.name);
        if (typeof inner === "string") return inner;
        out[field.name] = inner;
      }
    } else out[field.name] = value;
  }
  // Graph always returns a node's id.
  if ("id" in node && !("id" in out)) out.id = node.id;
  return out;
}

/**
 * Applies `fields=` the way Graph does: only the asked fields come back (plus `id`), nested
 * selections apply to sub-objects and to `{ data: [...] }` edges, and an unknown field is the
 * real `(#100) Tried accessing nonexisting field` error.
 */
export function selectFields(node: GraphNode, fields: string | undefined, defaults: string, nodeType: string): GraphNode | Response {
  const picked = select(node, parseFields(fields && fields.trim() ? fields : defaults), nodeType);
  return typeof picked === "string" ? invalidParameter(picked) : picked;
}

/**
 * Cursor paging as Graph answers it: `limit` (default 25), `after`/`before` cursors (opaque
 * base64 of a position here) and a `next` URL on the same host while more items remain.
 */
export function pageOf(request: Request, items: GraphNode[], maxLimit = 100): GraphNode {
  const url = new URL(request.url);
  const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 25) || 25, 1), maxLimit);
  const after = url.searchParams.get("after");
  const start = after ? Number(atob(after)) + 1 : 0;
  const slice = items.slice(start, start + limit);
  if (slice.length === 0) return { data: [] };
  const end = start + slice.length - 1;
  const paging: GraphNode = { cursors: { before: btoa(String(start)), after: btoa(String(end)) } };
  if (end < items.length - 1) {
    const next = new URL(url);
    next.searchParams.set("after", btoa(String(end)));
    paging.next = next.toString();
  }
  return { data: slice, paging };
}

/**
 * A write's parameters as Graph reads them: the query string and the form body together (a
 * field in the body wins). Graph accepts either for every POST and DELETE.
 */
export async function graphParams(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(request.url).search);
  const form = request.method === "GET" ? new URLSearchParams() : await requestForm(request);
  for (const [key, value] of form.entries()) params.set(key, value);
  return params;
}

/** Unix seconds, as Graph's `since`/`until` take them. */
export const unixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * One Hono app answering several real hosts: each host gets its own sub-app (paths such as
 * `/v26.0/me` mean different things on graph.facebook.com and graph.instagram.com). A host
 * without a sub-app is unmatched so the sandbox router can try another simulator.
 */
export function hostRouter(apps: Record<string, Hono>): Hono {
  const router = new Hono();
  router.all("*", (c) => {
    const sub = apps[new URL(c.req.url).host];
    return sub ? sub.fetch(c.req.raw) : unmatched(new Response("Not Found", { status: 404 }));
  });
  router.notFound(() => unmatched(new Response("Not Found", { status: 404 })));
  return router;
}
