import { eq } from "drizzle-orm";
import { oauthClients } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { type GuardedFetch, createGuardedFetch } from "../../infra/outbound/guarded-fetch.js";
import { isLoopbackHost } from "../../infra/outbound/address-ranges.js";
import { type ClientRecord, redirectUriProblem } from "./oauth-clients.js";

/**
 * OAuth Client ID Metadata Documents (MCP authorization, revision 2025-11-25; IETF draft
 * draft-ietf-oauth-client-id-metadata-document): an agent with no registration here uses the
 * HTTPS URL of a JSON document about itself as its `client_id`. The document is read through the
 * outbound guard (https only, no private address, size and time caps), must name itself by that
 * exact URL, and lists the redirect URIs a code may go to. A valid document is kept as an
 * `oauth_clients` row whose id is the URL, so approval, tokens and revocation work as for a
 * registered client; the row doubles as the cache.
 */

/** A document is small: a name and a few URIs. The draft's own examples are a few hundred bytes. */
const MAX_DOCUMENT_BYTES = 5 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
/** Cache-Control is honoured within these bounds: a few minutes by default, never longer than ten. */
const DEFAULT_CACHE_MS = 5 * 60_000;
const MAX_CACHE_MS = 10 * 60_000;
const MAX_URL_LENGTH = 2000;

/** Why a metadata document cannot be used; the consent page shows it, the agent is never redirected. */
export class MetadataDocumentProblem extends Error {}

/**
 * Whether a `client_id` is meant as a metadata document URL: https with a path (the draft's
 * rule). Plain http passes this shape check only on the loopback interface; whether it may be
 * read at all is the fetcher's decision (a test-mode owner's on a local server, see metadataFetcher).
 */
export function isMetadataDocumentClientId(clientId: string | undefined): clientId is string {
  if (!clientId || clientId.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(clientId)) return false;
  try {
    const url = new URL(clientId);
    return url.pathname !== "/" && url.pathname !== "";
  } catch {
    return false;
  }
}

function documentUrlProblem(clientId: string): string | null {
  const url = new URL(clientId);
  if (url.hash) return "The client_id URL has a fragment, which a metadata document URL may not have.";
  if (url.username || url.password) return "The client_id URL carries a user name or password.";
  if (url.pathname.split("/").some((segment) => segment === "." || segment === "..")) return "The client_id URL has a dot path segment.";
  // The URL parser normalises what it can; an id that is not already in that form cannot match its document exactly.
  if (url.toString() !== clientId) return `The client_id is not a normalised URL (${url.toString()}).`;
  return null;
}

/** How long the document may be used, from its Cache-Control: no-store or no-cache mean it is read every time. */
function cacheMs(headers: Headers): number {
  const control = (headers.get("cache-control") ?? "").toLowerCase();
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/.test(control)) return 0;
  const maxAge = /(^|,)\s*max-age\s*=\s*(\d+)/.exec(control)?.[2];
  return maxAge === undefined ? DEFAULT_CACHE_MS : Math.min(Number(maxAge) * 1000, MAX_CACHE_MS);
}

const stringList = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null);

/** The document's fields this server uses, checked; anything wrong is a problem named for the owner. */
export function parseMetadataDocument(clientId: string, body: Uint8Array): { name: string; redirectUris: string[]; clientUri: string | null } {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body));
  } catch {
    throw new MetadataDocumentProblem("The agent's metadata document is not JSON.");
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) throw new MetadataDocumentProblem("The agent's metadata document is not a JSON object.");
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== clientId)
    throw new MetadataDocumentProblem(`The agent's metadata document names another client_id (${String(fields.client_id).slice(0, 200)}), not the URL it was read from.`);
  if (typeof fields.client_name !== "string" || fields.client_name.trim() === "") throw new MetadataDocumentProblem("The agent's metadata document has no client_name.");
  const redirectUris = stringList(fields.redirect_uris);
  if (!redirectUris || redirectUris.length === 0 || redirectUris.length > 10) throw new MetadataDocumentProblem("The agent's metadata document must list 1 to 10 redirect_uris.");
  for (const uri of redirectUris) {
    const problem = uri.length > MAX_URL_LENGTH ? "A redirect URI is over 2000 characters." : redirectUriProblem(uri);
    if (problem) throw new MetadataDocumentProblem(`The agent's metadata document lists a redirect URI this server refuses: ${problem}`);
  }
  // There is no shared secret with a client nobody registered, and private_key_jwt is not offered: public clients only.
  const method = fields.token_endpoint_auth_method ?? "none";
  if (method !== "none") throw new MetadataDocumentProblem(`The agent's metadata document asks for token_endpoint_auth_method ${String(method)}; this server accepts none (PKCE) only.`);
  const clientUri = typeof fields.client_uri === "string" && /^https:\/\//.test(fields.client_uri) ? fields.client_uri.slice(0, MAX_URL_LENGTH) : null;
  return { name: fields.client_name.trim().slice(0, 100), redirectUris, clientUri };
}

/**
 * The guard a document is read through. An owner in test mode may try an agent whose document
 * is served on their own machine (loopback, plain http allowed), as a test key may point a
 * webhook there, and only where the deployment allows loopback targets (AppDeps.loopbackWebhooks:
 * a server on the developer's own machine); on a shared server the consent page would otherwise
 * read the server's own ports. Every other URL goes through the deployment's guard, which
 * refuses http and private, loopback and metadata addresses.
 */
export function metadataFetcher(guarded: GuardedFetch, mode: "test" | "live", clientId: string, loopbackAllowed: boolean): GuardedFetch {
  if (mode === "test" && isLoopbackHost(new URL(clientId))) {
    // The URL's own text says loopback, so naming the setting reveals nothing about the network.
    if (!loopbackAllowed) {
      throw new MetadataDocumentProblem(
        "This server reads agent metadata documents on loopback (localhost, 127.0.0.1, [::1]) only in local development: run it with CHORUS_ALLOW_LOOPBACK_WEBHOOKS=true (on by default when HOST is loopback), or serve the document at a public https URL.",
      );
    }
    return createGuardedFetch({ resolve: async () => [], fetch: (input, init) => fetch(input, init), allowLoopbackHttp: true });
  }
  return guarded;
}

/**
 * The client a metadata document URL stands for: the stored copy while its cache time lasts,
 * otherwise the document read again (and stored). `fetch` is the outbound guard the caller chose.
 */
export async function resolveMetadataDocumentClient(db: Database, fetch: GuardedFetch, clientId: string, now: Date): Promise<ClientRecord> {
  const problem = documentUrlProblem(clientId);
  if (problem) throw new MetadataDocumentProblem(problem);
  const [stored] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  if (stored?.metadataExpiresAt && stored.metadataExpiresAt.getTime() > now.getTime()) return stored;

  let answer: Awaited<ReturnType<GuardedFetch>>;
  try {
    // No redirects: a document served from another URL would not match its own client_id anyway.
    answer = await fetch(clientId, { headers: { accept: "application/json" }, maxBytes: MAX_DOCUMENT_BYTES, timeoutMs: FETCH_TIMEOUT_MS, maxRedirects: 0, param: "client_id" });
  } catch {
    throw new MetadataDocumentProblem("The agent's metadata document could not be read: its client_id must be a public https URL that answers within 5 seconds with at most 5 KB.");
  }
  if (answer.status !== 200) throw new MetadataDocumentProblem(`The agent's metadata document answered HTTP ${answer.status}, not 200.`);
  const document = parseMetadataDocument(clientId, answer.body);
  const values = { ...document, authMethod: "none", secretHash: null, metadataExpiresAt: new Date(now.getTime() + cacheMs(answer.headers)) };
  const [row] = await db
    .insert(oauthClients)
    .values({ id: clientId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: oauthClients.id, set: values })
    .returning();
  if (!row) throw new Error("client row not stored");
  return row;
}
