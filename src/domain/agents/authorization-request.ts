import type { Database } from "../../db/types.js";
import type { GuardedFetch } from "../../infra/outbound/guarded-fetch.js";
import { MetadataDocumentProblem, isMetadataDocumentClientId, metadataFetcher, resolveMetadataDocumentClient } from "./client-metadata-document.js";
import { type ClientRecord, findClient, redirectUriMatches } from "./oauth-clients.js";
import { OAuthError } from "./oauth-error.js";

/** The parameters of GET /oauth/authorize, checked. */
export interface AuthorizationRequest {
  client: ClientRecord;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  resource: string;
  scope: string | undefined;
}

/**
 * A request that may not be redirected: the client or its redirect URI is not what was
 * registered, so sending the person there could hand a code to an attacker (RFC 6749 §4.1.2.1).
 * The page shows the problem instead.
 */
export class UnredirectableRequest extends Error {}

/** A refusal sent back to the client's redirect URI as `error=` (with `state` and `iss`). */
export class RedirectedRefusal extends Error {
  constructor(
    readonly error: OAuthError,
    readonly request: { redirectUri: string; state: string | undefined },
  ) {
    super(error.description);
  }
}

/** The resources tokens are issued for (RFC 8707): the MCP endpoint, and the API it sits in. */
export function acceptedResources(baseUrl: string): string[] {
  return [`${baseUrl}/v1/mcp`, `${baseUrl}/v1`, baseUrl, `${baseUrl}/`];
}

/** The resource a request names, or the MCP endpoint when it names none. */
export function resourceOf(baseUrl: string, given: string | undefined): string {
  if (given === undefined || given === "") return `${baseUrl}/v1/mcp`;
  if (!acceptedResources(baseUrl).includes(given)) throw new OAuthError("invalid_target", `This server issues tokens for ${baseUrl}/v1/mcp only, not ${given}.`);
  return given;
}

/**
 * How a client_id that is a metadata document URL is read: only on the consent page, for the
 * signed-in owner (so nobody else can make this server fetch a URL), in the owner's mode.
 */
export interface DocumentReader {
  fetch: GuardedFetch;
  mode: "test" | "live";
  /** Whether the deployment allows loopback targets (local development): see metadataFetcher. */
  loopbackAllowed: boolean;
  now: Date;
}

async function clientOf(db: Database, clientId: string | undefined, documents: DocumentReader | undefined): Promise<ClientRecord | null> {
  if (!isMetadataDocumentClientId(clientId)) return clientId ? findClient(db, clientId) : null;
  if (!documents) throw new UnredirectableRequest("This agent identifies itself by a metadata document URL, which is read on the consent page only.");
  try {
    return await resolveMetadataDocumentClient(db, metadataFetcher(documents.fetch, documents.mode, clientId, documents.loopbackAllowed), clientId, documents.now);
  } catch (error) {
    if (error instanceof MetadataDocumentProblem) throw new UnredirectableRequest(error.message);
    throw error;
  }
}

/**
 * Checks an authorization request the way OAuth 2.1 asks: the client and redirect URI first
 * (exact match against the registration or the client's metadata document, any port for a loopback
 * IP redirect as RFC 8252 §7.3 asks), then everything else, refused by redirect. PKCE is
 * required and S256 is the only method (plain would hand the verifier to whoever sees the URL).
 */
export async function checkAuthorizationRequest(db: Database, baseUrl: string, query: Record<string, string | undefined>, documents?: DocumentReader): Promise<AuthorizationRequest> {
  const client = await clientOf(db, query.client_id, documents);
  if (!client) throw new UnredirectableRequest("The agent's client_id is unknown to this server: the agent must register again (POST /oauth/register).");
  const redirectUri = query.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.some((registered) => redirectUriMatches(registered, redirectUri))) {
    throw new UnredirectableRequest("The redirect_uri is not one the agent registered, so this request cannot be answered safely.");
  }
  const back = { redirectUri, state: query.state };
  const refuse = (error: OAuthError) => new RedirectedRefusal(error, back);
  if (query.response_type !== "code") throw refuse(new OAuthError("unsupported_response_type", "Only response_type=code is supported."));
  if (!query.code_challenge) throw refuse(new OAuthError("invalid_request", "PKCE is required: send code_challenge and code_challenge_method=S256."));
  if (query.code_challenge_method !== "S256") throw refuse(new OAuthError("invalid_request", "code_challenge_method must be S256; plain is not accepted."));
  if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge)) throw refuse(new OAuthError("invalid_request", "code_challenge must be the base64url SHA-256 of the verifier (43 characters)."));
  let resource: string;
  try {
    resource = resourceOf(baseUrl, query.resource);
  } catch (error) {
    throw error instanceof OAuthError ? refuse(error) : error;
  }
  return { client, redirectUri, codeChallenge: query.code_challenge, state: query.state, resource, scope: query.scope };
}

/** The client's redirect URI with the answer's parameters, and `iss` (RFC 9207) so the client can tell which server answered. */
export function redirectWith(redirectUri: string, issuer: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set("iss", issuer);
  return url.toString();
}
