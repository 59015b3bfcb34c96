import type { Hono } from "hono";
import { html } from "hono/html";
import type { PlatformId } from "../types/platform-ids.js";
import type { SandboxAccount, SimulatorDeps } from "./types.js";

/** An authorization code the simulated network issued; redeemed once at its token endpoint. */
export interface SandboxAuthCode {
  accountId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  scopes: string[];
  expiresAt: string;
  used: boolean;
}

export interface ConsentOptions {
  platform: PlatformId;
  /** The network's real authorize path, e.g. `/i/oauth2/authorize`. */
  path: string;
  /** Query parameter carrying the app id: `client_id` on most networks, `client_key` on TikTok. */
  clientIdParam?: string;
  /** How the network separates scopes in the `scope` parameter. */
  scopeSeparator?: string;
  seedAccount: (input: { handle: string }) => Promise<SandboxAccount>;
  /**
   * The network's refusal of scopes the app may not ask for (LinkedIn: a scope outside the app's
   * products), sent back on the redirect before any consent, or null to go ahead.
   */
  refuseScopes?: (clientId: string, scopes: readonly string[]) => Promise<{ error: string; description: string } | null>;
}

const randomToken = (bytes = 24) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Mounts a consent page on a simulator: GET shows what the app asks for and a field for the
 * simulated person's handle; POST approves (or denies) and redirects to `redirect_uri` with
 * `code` and `state`, exactly as the network would. Shared by every OAuth simulator so the
 * consent step behaves the same everywhere; the token endpoints stay per network because their
 * wire formats differ.
 */
export function mountConsentPage(app: Hono, deps: SimulatorDeps, options: ConsentOptions): void {
  const clientIdParam = options.clientIdParam ?? "client_id";
  const separator = options.scopeSeparator ?? " ";

  /** The redirect carrying the network's refusal of the app's scopes, or null. */
  const scopeRefusal = async (q: Record<string, string>): Promise<string | null> => {
    const clientId = q[clientIdParam];
    if (!options.refuseScopes || !clientId || !q.redirect_uri) return null;
    const refused = await options.refuseScopes(clientId, (q.scope ?? "").split(separator).filter(Boolean));
    if (!refused) return null;
    const back = new URL(q.redirect_uri);
    back.searchParams.set("error", refused.error);
    back.searchParams.set("error_description", refused.description);
    if (q.state !== undefined) back.searchParams.set("state", q.state);
    return back.toString();
  };

  app.get(options.path, async (c) => {
    const q = c.req.query();
    const missing = [clientIdParam, "redirect_uri", "response_type"].filter((name) => !q[name]);
    if (missing.length > 0) return c.text(`Missing ${missing.join(", ")}`, 400);
    const refusal = await scopeRefusal(q);
    if (refusal) return c.redirect(refusal, 302);
    const scopes = (q.scope ?? "").split(separator).filter(Boolean);
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head><meta charset="utf-8" /><title>Sandbox ${options.platform}: authorize</title></head>
          <body>
            <main>
              <h1>Sandbox ${options.platform}</h1>
              <p>An app (<code>${q[clientIdParam]}</code>) asks to act for you with: ${scopes.join(", ") || "basic access"}.</p>
              <p>This is Chorus's simulated network: no real account is touched.</p>
              <form method="post">
                <label>Sign in as <input id="handle" name="handle" value="${q.login_hint ?? ""}" required /></label>
                <button id="approve" name="decision" value="approve" type="submit">Authorize</button>
                <button id="deny" name="decision" value="deny" type="submit">Cancel</button>
              </form>
            </main>
          </body>
        </html>`,
    );
  });

  app.post(options.path, async (c) => {
    const q = c.req.query();
    const form = await c.req.parseBody();
    const redirectUri = q.redirect_uri;
    const clientId = q[clientIdParam];
    if (!redirectUri || !clientId) return c.text("Missing redirect_uri or client id", 400);
    const refusal = await scopeRefusal(q);
    if (refusal) return c.redirect(refusal, 302);
    const back = new URL(redirectUri);
    if (q.state !== undefined) back.searchParams.set("state", q.state);
    if (form.decision !== "approve") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user denied the request");
      return c.redirect(back.toString(), 302);
    }
    const handle = typeof form.handle === "string" ? form.handle.trim().replace(/^@/, "") : "";
    if (!handle) return c.text("A handle is required", 400);
    const account = await options.seedAccount({ handle });
    const code = randomToken();
    const record: SandboxAuthCode = {
      accountId: account.id,
      clientId,
      redirectUri,
      codeChallenge: q.code_challenge ?? null,
      codeChallengeMethod: q.code_challenge_method ?? null,
      scopes: (q.scope ?? "").split(separator).filter(Boolean),
      expiresAt: new Date(deps.now().getTime() + 10 * 60_000).toISOString(),
      used: false,
    };
    await deps.store.put(options.platform, "auth_code", code, record, account.id);
    back.searchParams.set("code", code);
    return c.redirect(back.toString(), 302);
  });
}

export type RedeemResult = { ok: true; code: SandboxAuthCode } | { ok: false; reason: "invalid_code" | "code_used" | "code_expired" | "redirect_mismatch" | "pkce_failed" | "client_mismatch" };

async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * Redeems a code once. Each token endpoint turns a failure into its network's own error body.
 * A second redemption fails, as OAuth requires.
 */
export async function redeemAuthCode(
  deps: SimulatorDeps,
  platform: PlatformId,
  input: { code: string; clientId: string; redirectUri: string | null; codeVerifier: string | null },
): Promise<RedeemResult> {
  const found = await deps.store.get<SandboxAuthCode>(platform, "auth_code", input.code);
  if (!found) return { ok: false, reason: "invalid_code" };
  const code = found.data;
  if (code.used) return { ok: false, reason: "code_used" };
  if (new Date(code.expiresAt).getTime() < deps.now().getTime()) return { ok: false, reason: "code_expired" };
  if (code.clientId !== input.clientId) return { ok: false, reason: "client_mismatch" };
  if (input.redirectUri !== null && code.redirectUri !== input.redirectUri) return { ok: false, reason: "redirect_mismatch" };
  if (code.codeChallenge) {
    if (!input.codeVerifier) return { ok: false, reason: "pkce_failed" };
    const expected = code.codeChallengeMethod === "plain" ? input.codeVerifier : await s256(input.codeVerifier);
    if (expected !== code.codeChallenge) return { ok: false, reason: "pkce_failed" };
  }
  await deps.store.put(platform, "auth_code", input.code, { ...code, used: true }, found.owner);
  return { ok: true, code };
}

export { randomToken };
