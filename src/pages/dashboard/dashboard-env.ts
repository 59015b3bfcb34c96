import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { type OpenedSession, assertCsrf, openSession } from "../../domain/workspaces/index.js";
import type { AppEnv } from "../../http/context.js";
import { domainServices } from "../../http/domain-services.js";
import { assertSafeInput } from "../../http/input-limits.js";
import { style } from "../layout.js";
import { finishAfterResponse } from "../../http/after-response.js";

export interface DashboardEnv {
  Variables: AppEnv["Variables"] & {
    /** The signed-in session and the domain context its pages run in. */
    dash: OpenedSession;
    sessionToken: string;
    /** A POST's form fields, read once (and checked for the CSRF token) by the middleware. */
    form: Record<string, string | File | (string | File)[]>;
  };
}

export const SESSION_COOKIE = "chorus_dashboard";
const COOKIE_PATH = "/dashboard";

/**
 * HttpOnly (no script reads it), Secure (browsers treat localhost as secure, so local http
 * works too), SameSite=Lax (a cross-site POST carries no session; the CSRF token covers the rest).
 */
export function setSessionCookie(c: Context, token: string, maxAgeSeconds: number): void {
  // Max-Age, not Expires: relative to the browser's own clock, so a skewed server clock cannot end it early.
  setCookie(c, SESSION_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Lax", maxAge: maxAgeSeconds });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Lax" });
}

let errorPageStyleHash: Promise<string> | null = null;

/** The shared error page (src/pages/page-errors.tsx) carries its one inline stylesheet; the CSP names it by hash. */
function errorPageStyle(): Promise<string> {
  errorPageStyleHash ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)).then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`);
  return errorPageStyleHash;
}

/**
 * Script only from our own origin (htmx and nothing else), no inline script, no framing, forms
 * only to ourselves. Pages are per-session, so never cached. Referrer `same-origin` (not
 * `no-referrer`): a form's Origin header must stay readable for the sign-in check.
 */
export async function dashboardHeaders(): Promise<Record<string, string>> {
  return {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": `default-src 'none'; script-src 'self'; style-src 'self' ${await errorPageStyle()}; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  };
}

/**
 * Opens the database for the request (closed after, as for /v1), then the session behind the
 * cookie. No session: GET pages show the signed-out page; a POST is refused before reading its
 * form. Every POST must carry the session's CSRF token, checked before any handler runs.
 */
export function requireSession(onSignedOut: (c: Context<DashboardEnv>) => Response | Promise<Response>): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const deps = c.get("deps");
    const { db, close } = deps.database.open();
    try {
      const token = getCookie(c, SESSION_COOKIE);
      const opened = await openSession({ db, clock: deps.clock, services: domainServices(deps, c.get("baseUrl")) }, token);
      if (!opened || !token) {
        clearSessionCookie(c);
        return onSignedOut(c);
      }
      c.set("dash", opened);
      c.set("sessionToken", token);
      if (c.req.method === "POST") {
        const form = await c.req.parseBody({ all: true });
        assertSafeInput(Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string")));
        assertCsrf(opened, form._csrf);
        c.set("form", form);
      }
      await next();
    } finally {
      await finishAfterResponse(c, close());
    }
  };
}

/** One text field of the form, or undefined. */
export function field(c: Context<DashboardEnv>, name: string): string | undefined {
  const value = c.get("form")[name];
  return typeof value === "string" ? value : undefined;
}
