import { type Context, Hono } from "hono";
import { cors } from "hono/cors";
import { RedirectedRefusal, UnredirectableRequest, checkAuthorizationRequest, redirectWith, resourceOf } from "../../domain/agents/index.js";
import { isMetadataDocumentClientId } from "../../domain/agents/index.js";
import { authenticateClient, presentedClient, registerClient } from "../../domain/agents/index.js";
import { OAuthError } from "../../domain/agents/index.js";
import { authorizationServerMetadata, protectedResourceMetadata } from "../../domain/agents/index.js";
import { exchangeCode, refreshTokens, revokeToken } from "../../domain/agents/index.js";
import { publicLimit } from "../../http/auth.js";
import type { AppEnv } from "../../http/context.js";
import { ApiError } from "../../infra/errors.js";
import { renderPageError } from "../../pages/page-errors.js";
import { finishAfterResponse } from "../../http/after-response.js";

/** Opens the request's database and closes it after, as the /v1 middleware does. */
async function withDb<T>(c: Context<AppEnv>, run: (db: ReturnType<AppEnv["Variables"]["deps"]["database"]["open"]>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = c.get("deps").database.open();
  try {
    return await run(db);
  } finally {
    await finishAfterResponse(c, close());
  }
}

/** Token and revocation answers are never cached (RFC 6749 §5.1). */
const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

function oauthFailure(c: Context<AppEnv>, error: unknown): Response {
  if (!(error instanceof OAuthError)) throw error;
  const headers: Record<string, string> = { ...noStore };
  if (error.status === 401) headers["WWW-Authenticate"] = 'Basic realm="chorus"';
  return c.json(error.body(), error.status as 400, headers);
}

async function formOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthError("invalid_request", "Send the request as application/x-www-form-urlencoded (RFC 6749 §3.2).");
  }
  const text = await c.req.text();
  if (text.length > 16 * 1024) throw new OAuthError("invalid_request", "The request body is over 16 KB.");
  const params = new URLSearchParams(text);
  const form: Record<string, string> = {};
  for (const [name, value] of params) {
    // RFC 6749 §3.2: parameters sent more than once make the request invalid.
    if (Object.hasOwn(form, name)) throw new OAuthError("invalid_request", `The parameter ${name} appears more than once.`);
    form[name] = value;
  }
  return form;
}

/**
 * The agents' OAuth 2.1 authorization server and the MCP endpoint's protected-resource metadata.
 * Browser-based MCP clients call these across origins, so they answer CORS; none of them takes a
 * cookie, so allowing every origin exposes nothing.
 */
export const oauthRoutes = new Hono<AppEnv>();
oauthRoutes.use("/.well-known/*", cors({ origin: "*", allowMethods: ["GET"] }), publicLimit());
oauthRoutes.use("/oauth/*", publicLimit());
for (const path of ["/oauth/register", "/oauth/token", "/oauth/revoke"])
  oauthRoutes.use(path, cors({ origin: "*", allowMethods: ["POST"], allowHeaders: ["Content-Type", "Authorization", "MCP-Protocol-Version"] }));

const resourceMetadata = (c: Context<AppEnv>) => c.json(protectedResourceMetadata(c.get("baseUrl")), 200, { "Cache-Control": "public, max-age=3600" });
oauthRoutes.get("/.well-known/oauth-protected-resource", resourceMetadata);
oauthRoutes.get("/.well-known/oauth-protected-resource/v1/mcp", resourceMetadata);
oauthRoutes.get("/.well-known/oauth-authorization-server", (c) => c.json(authorizationServerMetadata(c.get("baseUrl")), 200, { "Cache-Control": "public, max-age=3600" }));

oauthRoutes.post("/oauth/register", async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return oauthFailure(c, new OAuthError("invalid_client_metadata", "The registration request must be a JSON object (RFC 7591 §3.1)."));
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return oauthFailure(c, new OAuthError("invalid_client_metadata", "The registration request must be a JSON object."));
  try {
    const client = await withDb(c, (db) => registerClient(db, body, c.get("deps").clock.now()));
    return c.json(client, 201, noStore);
  } catch (error) {
    return oauthFailure(c, error);
  }
});

/**
 * The authorization endpoint checks the request, then sends the browser to the consent page in
 * the dashboard, where the owner's session cookie lives; nothing is granted here. A request that
 * cannot be sent back safely is a page, never a redirect.
 */
oauthRoutes.get("/oauth/authorize", async (c) => {
  const query = c.req.query();
  try {
    // A metadata document URL client is checked on the consent page, once the owner signed in:
    // an anonymous request must not make this server fetch a URL.
    if (!isMetadataDocumentClientId(query.client_id)) await withDb(c, (db) => checkAuthorizationRequest(db, c.get("baseUrl"), query));
  } catch (error) {
    if (error instanceof RedirectedRefusal) {
      return c.redirect(redirectWith(error.request.redirectUri, c.get("baseUrl"), { ...error.error.body(), state: error.request.state }), 302);
    }
    // A person is looking at this answer, not a program: a page, not a JSON envelope.
    if (error instanceof UnredirectableRequest)
      return renderPageError(new ApiError("field_invalid", { message: error.message, fix: "Start again from the agent: it registers itself and opens a new authorization link." }), c);
    throw error;
  }
  const target = new URL("/dashboard/agents/authorize", c.get("baseUrl"));
  target.search = new URL(c.req.url).search;
  return c.redirect(`${target.pathname}${target.search}`, 302);
});

oauthRoutes.post("/oauth/token", async (c) => {
  try {
    const form = await formOf(c);
    const now = c.get("deps").clock.now();
    const cache = c.get("deps").verifiedKeys;
    const tokens = await withDb(c, async (db) => {
      const client = await authenticateClient(db, presentedClient(c.req.header("authorization"), form));
      const resource = (given: string) => resourceOf(c.get("baseUrl"), given);
      if (form.grant_type === "authorization_code") return exchangeCode(db, client, form, resource, now, cache);
      if (form.grant_type === "refresh_token") return refreshTokens(db, client, form, resource, now, cache);
      throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
    });
    return c.json(tokens, 200, noStore);
  } catch (error) {
    return oauthFailure(c, error);
  }
});

oauthRoutes.post("/oauth/revoke", async (c) => {
  try {
    const form = await formOf(c);
    await withDb(c, async (db) => {
      const client = await authenticateClient(db, presentedClient(c.req.header("authorization"), form));
      await revokeToken(db, client, form.token, c.get("deps").clock.now(), c.get("deps").verifiedKeys);
    });
    return c.body(null, 200, noStore);
  } catch (error) {
    return oauthFailure(c, error);
  }
});
