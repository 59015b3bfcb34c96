import type { Context } from "hono";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";

/**
 * Google's wire conventions shared by the youtube and googlebusiness simulators: the JSON error
 * bodies of Google APIs, OAuth error bodies, bearer tokens and page tokens.
 */

const statusNames: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  409: "ALREADY_EXISTS",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

export type GoogleErrorBody = { error: Record<string, unknown> };

/** The YouTube Data API's error: legacy `errors[]` with a `reason`, plus the canonical `status`. */
export function youtubeErrorBody(status: number, reason: string, message: string, more: { domain?: string; location?: string; locationType?: string; detail?: string } = {}): GoogleErrorBody {
  const located = more.location ? { location: more.location, locationType: more.locationType ?? "parameter" } : {};
  return {
    error: {
      code: status,
      message,
      errors: [{ message: more.detail ?? message, domain: more.domain ?? "global", reason, ...located }],
      status: statusNames[status] ?? "UNKNOWN",
    },
  };
}

/** The error of Google's v1 APIs (google.rpc.Status), with an ErrorInfo detail when a reason exists. */
export function googleRpcErrorBody(status: number, message: string, reason: string | null, service: string, more: { metadata?: Record<string, string>; details?: object[] } = {}): GoogleErrorBody {
  const info = reason ? [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "googleapis.com", metadata: { service, ...more.metadata } }] : [];
  const details = [...info, ...(more.details ?? [])];
  return { error: { code: status, message, status: statusNames[status] ?? "UNKNOWN", ...(details.length > 0 ? { details } : {}) } };
}

export const invalidCredentialsMessage =
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";

export const insufficientScopesMessage = "Request had insufficient authentication scopes.";

export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

/** Marks an answer as "not mine" so the sandbox router offers the request to the next simulator on the host. */
export function unmatched(c: Context, body: string | object, status: 400 | 401 | 404): Response {
  c.header(UNMATCHED_HEADER, "1");
  return typeof body === "string" ? c.text(body, status) : c.json(body, status);
}

/** Opaque page tokens: Google's are opaque too, so an offset wrapped in base64url is honest. */
export function encodePageToken(offset: number): string {
  return btoa(`sandbox-offset:${offset}`).replace(/=+$/, "");
}

export function decodePageToken(token: string | undefined): number | null {
  if (!token) return 0;
  try {
    const match = /^sandbox-offset:(\d+)$/.exec(atob(token));
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export function paginate<T>(items: T[], offset: number, size: number): { page: T[]; nextPageToken: string | undefined } {
  const page = items.slice(offset, offset + size);
  return { page, nextPageToken: offset + size < items.length ? encodePageToken(offset + size) : undefined };
}

export function randomEtag(): string {
  return [...crypto.getRandomValues(new Uint8Array(12))]
    .map((b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 27);
}
