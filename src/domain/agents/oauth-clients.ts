import { eq } from "drizzle-orm";
import { oauthClients } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { sha256Hex, timingSafeEqual } from "../../infra/crypto.js";
import { randomString } from "../../infra/ids.js";
import { OAuthError } from "./oauth-error.js";

export type ClientRecord = typeof oauthClients.$inferSelect;

export const AUTH_METHODS = ["none", "client_secret_post", "client_secret_basic"] as const;
type AuthMethod = (typeof AUTH_METHODS)[number];

export interface RegistrationRequest {
  redirect_uris?: unknown;
  client_name?: unknown;
  client_uri?: unknown;
  token_endpoint_auth_method?: unknown;
  grant_types?: unknown;
  response_types?: unknown;
  scope?: unknown;
}

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  client_id_issued_at: number;
  client_secret_expires_at?: number;
  client_name: string;
  client_uri?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: AuthMethod;
  grant_types: string[];
  response_types: string[];
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** Plain http on the loopback interface: where a desktop agent listens for its code (RFC 8252 §7.3). */
function isLoopbackRedirect(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname);
}

/**
 * A private-use scheme as RFC 8252 §7.1 asks: a domain name the app's publisher controls,
 * reversed (`com.example.app`), so no two apps claim the same scheme by accident and no
 * browser-handled scheme (`javascript`, `data`, `file`, `blob`) can be one. At least two DNS
 * labels, the first (the top-level domain) letters only.
 */
const REVERSE_DOMAIN_SCHEME = /^[a-z]{2,63}(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+:$/;

/**
 * Redirect URIs an authorization code may be sent to: HTTPS anywhere, or plain HTTP on the
 * loopback interface only (RFC 8252 §7.3, where desktop agents listen), or a private-use scheme
 * of a native app in reverse-domain form (`com.example.app:/callback`, RFC 8252 §7.1). No
 * fragments (RFC 6749 §3.1.2) and no user name or password, which would travel to the agent's
 * side with every code and show in every log.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not an absolute URI.`;
  }
  if (url.hash) return `${value} has a fragment, which redirect URIs may not have.`;
  if (url.username || url.password || /^[^:]+:\/\/[^/?#]*@/.test(value)) return `${value} carries a user name or password, which redirect URIs may not have.`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return isLoopbackRedirect(url) ? null : `${value} uses plain http off the loopback interface; use https.`;
  return REVERSE_DOMAIN_SCHEME.test(url.protocol)
    ? null
    : `${value}: a custom scheme must be a domain name the app controls, reversed (com.example.app:/callback); ${url.protocol.slice(0, -1)} is not one.`;
}

/**
 * Whether `presented` (an authorization request's redirect_uri) is the registered one: the same
 * string, or, for a loopback IP redirect, the same but for the port, which RFC 8252 §7.3 says
 * the server must accept whatever it is (a desktop agent listens on a port the system gives it
 * at that moment).
 */
export function redirectUriMatches(registered: string, presented: string): boolean {
  if (registered === presented) return true;
  let want: URL;
  let got: URL;
  try {
    want = new URL(registered);
    got = new URL(presented);
  } catch {
    return false;
  }
  if (!isLoopbackRedirect(want) || !isLoopbackRedirect(got) || redirectUriProblem(presented) !== null) return false;
  const samePort = new URL(got.href);
  samePort.port = want.port;
  return samePort.href === want.href;
}

const stringList = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null);

/**
 * Dynamic client registration (RFC 7591). Open to anyone, as MCP expects of a server agents find
 * by themselves: a registered client can do nothing until a workspace owner approves it on the
 * consent page. Only the authorization code grant (with refresh) is offered, so a client asking
 * for another grant type is refused rather than silently given less.
 */
export async function registerClient(db: Database, input: RegistrationRequest, now: Date): Promise<RegisteredClient> {
  const redirectUris = stringList(input.redirect_uris);
  if (!redirectUris || redirectUris.length === 0 || redirectUris.length > 10) throw new OAuthError("invalid_redirect_uri", "redirect_uris must list 1 to 10 redirect URIs.");
  for (const uri of redirectUris) {
    const problem = uri.length > 2000 ? "A redirect URI is over 2000 characters." : redirectUriProblem(uri);
    if (problem) throw new OAuthError("invalid_redirect_uri", problem);
  }
  const method = input.token_endpoint_auth_method ?? "client_secret_basic";
  if (typeof method !== "string" || !(AUTH_METHODS as readonly string[]).includes(method)) {
    throw new OAuthError("invalid_client_metadata", `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(", ")}.`);
  }
  const grantTypes = input.grant_types === undefined ? ["authorization_code", "refresh_token"] : stringList(input.grant_types);
  if (!grantTypes || grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token")) {
    throw new OAuthError("invalid_client_metadata", "grant_types may hold authorization_code and refresh_token only.");
  }
  const responseTypes = input.response_types === undefined ? ["code"] : stringList(input.response_types);
  if (!responseTypes || responseTypes.some((r) => r !== "code")) throw new OAuthError("invalid_client_metadata", "response_types may hold code only.");
  const name = typeof input.client_name === "string" && input.client_name.trim() !== "" ? input.client_name.trim().slice(0, 100) : "Unnamed agent";
  const clientUri = typeof input.client_uri === "string" && /^https:\/\//.test(input.client_uri) ? input.client_uri.slice(0, 2000) : null;

  const clientId = `oc_${randomString(24)}`;
  const secret = method === "none" ? undefined : `ocs_${randomString(43)}`;
  await db.insert(oauthClients).values({
    id: clientId,
    name,
    redirectUris,
    authMethod: method,
    secretHash: secret ? await sha256Hex(secret) : null,
    clientUri,
    createdAt: now,
  });
  return {
    client_id: clientId,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    ...(clientUri ? { client_uri: clientUri } : {}),
    redirect_uris: redirectUris,
    token_endpoint_auth_method: method as AuthMethod,
    grant_types: grantTypes,
    response_types: responseTypes,
  };
}

/** A registered client, or one known by its metadata document URL once an owner's consent page read the document. */
export async function findClient(db: Database, clientId: string): Promise<ClientRecord | null> {
  if (!/^oc_[0-9A-Za-z]{24}$/.test(clientId) && !(/^https?:\/\//.test(clientId) && clientId.length <= 2000)) return null;
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  return row ?? null;
}

/** The client credentials of a token or revocation request: HTTP Basic, or the form's fields. */
export interface PresentedClient {
  clientId: string | undefined;
  secret: string | undefined;
  method: "basic" | "post" | "none";
}

export function presentedClient(authorization: string | undefined, form: Record<string, string>): PresentedClient {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? "");
  if (basic?.[1]) {
    const decoded = atob(basic[1]);
    const colon = decoded.indexOf(":");
    if (colon > 0) return { clientId: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)), method: "basic" };
  }
  if (form.client_secret !== undefined) return { clientId: form.client_id, secret: form.client_secret, method: "post" };
  return { clientId: form.client_id, secret: undefined, method: "none" };
}

/** The client, authenticated the way it registered; anything else is `invalid_client` (401). */
export async function authenticateClient(db: Database, presented: PresentedClient): Promise<ClientRecord> {
  const client = presented.clientId ? await findClient(db, presented.clientId) : null;
  if (!client) throw new OAuthError("invalid_client", "Unknown client_id: register the client again (POST /oauth/register).", 401);
  if (client.authMethod === "none") {
    if (presented.method !== "none") throw new OAuthError("invalid_client", "This client registered as a public client (token_endpoint_auth_method none): send no client secret.", 401);
    return client;
  }
  const expected = client.authMethod === "client_secret_basic" ? "basic" : "post";
  if (presented.method !== expected || !presented.secret || !client.secretHash || !timingSafeEqual(await sha256Hex(presented.secret), client.secretHash)) {
    throw new OAuthError("invalid_client", `Client authentication failed: send the client secret by ${client.authMethod}.`, 401);
  }
  return client;
}
