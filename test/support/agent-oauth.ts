import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { type TestApp, type TestWorkspace, anonymous } from "./test-app.js";
import { type Reply, type WorkspaceFixture, reply, workspaceFixture } from "./workspace-fixture.js";

export const ORIGIN = "http://chorus.test";
export const REDIRECT_URI = "http://127.0.0.1:8976/callback";

export interface GrantForm {
  profiles?: string[] | "all";
  platforms?: string[] | "all";
  actions?: string[];
  creditsPerDay?: number;
  purchasedCredits?: boolean;
}

export interface AgentTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/**
 * The OAuth endpoints answer as their RFCs say, outside /openapi.json (so outside api-types.ts):
 * these are the fields the tests read.
 */
export interface ClientRegistration {
  client_id: string;
  client_secret?: string;
  client_name?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
}

/** An RFC 6749 §5.2 refusal (token, registration and revocation endpoints). */
export interface OAuthRefusal {
  error: string;
  error_description?: string;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** POST /oauth/register with `body` as is: the registration (201) or an OAuthRefusal (400). */
export async function registration(t: TestApp, body: Record<string, unknown>): Promise<Reply<ClientRegistration>> {
  return reply(await t.app.request(`${ORIGIN}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
}

/** Registers a public client (unless `body` says otherwise) redirecting to REDIRECT_URI; fails the test unless 201. */
export async function register(t: TestApp, body: Record<string, unknown> = {}): Promise<ClientRegistration> {
  const answer = await registration(t, { client_name: "Test agent", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", ...body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

/** A dashboard session over app.request: the owner's browser on the consent page. */
export class OwnerBrowser {
  csrf = "";
  constructor(
    private t: TestApp,
    readonly cookie: string,
  ) {}

  static async signIn(t: TestApp, ws: TestWorkspace): Promise<OwnerBrowser> {
    const minted = await workspaceFixture(t, ws).post("/v1/app-link");
    expect(minted.status, minted.text).toBe(201);
    const response = await t.app.request(minted.body.url, { method: "POST" });
    expect(response.status).toBe(303);
    return new OwnerBrowser(t, (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "");
  }

  async get(path: string): Promise<{ status: number; html: string; location: string | null; headers: Headers }> {
    const response = await this.t.app.request(`${ORIGIN}${path}`, { headers: { cookie: this.cookie } });
    const html = await response.text();
    this.csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? this.csrf;
    return { status: response.status, html, location: response.headers.get("location"), headers: response.headers };
  }

  async post(path: string, form: Record<string, string | string[]>, options: { csrf?: string } = {}): Promise<{ status: number; html: string; location: string | null }> {
    const body = new URLSearchParams({ _csrf: options.csrf ?? this.csrf });
    for (const [name, value] of Object.entries(form)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    const response = await this.t.app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie: this.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  }
}

export function authorizeQuery(clientId: string, challenge: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "st-123",
    resource: `${ORIGIN}/v1/mcp`,
    ...extra,
  }).toString();
}

/** The consent form's fields for a grant. */
export function grantFields(grant: GrantForm): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = { actions: grant.actions ?? ["read"], creditsPerDay: String(grant.creditsPerDay ?? 0) };
  // The consent page's own default: every brand (a grant with none reaches no account, and the page refuses it).
  if (grant.profiles === "all" || grant.profiles === undefined) form.allProfiles = "on";
  else form.profiles = grant.profiles;
  if (grant.platforms === "all" || grant.platforms === undefined) form.allPlatforms = "on";
  else form.platforms = grant.platforms;
  if (grant.purchasedCredits) form.purchasedCredits = "on";
  return form;
}

export async function token(t: TestApp, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return t.app.request(`${ORIGIN}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(form).toString() });
}

/** POST /oauth/token read once: AgentTokens on 200, an OAuthRefusal in `body` otherwise (check `status` first). */
export async function tokenReply(t: TestApp, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply<AgentTokens>> {
  return reply(await token(t, form, headers));
}

/** POST /oauth/token that fails the test unless 200: the tokens. */
export async function grantTokens(t: TestApp, form: Record<string, string>, headers: Record<string, string> = {}): Promise<AgentTokens> {
  const answer = await tokenReply(t, form, headers);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/**
 * The whole flow in-process: registration, the authorization endpoint, the owner's consent with
 * `grant`, and the code exchanged with its PKCE verifier.
 */
export async function approvedAgent(t: TestApp, ws: TestWorkspace, grant: GrantForm): Promise<{ clientId: string; tokens: AgentTokens; agentId: string; owner: OwnerBrowser }> {
  const { client_id: clientId } = await register(t);
  const { verifier, challenge } = pkce();
  const query = authorizeQuery(clientId, challenge);
  const authorize = await t.app.request(`${ORIGIN}/oauth/authorize?${query}`);
  expect(authorize.status).toBe(302);
  const owner = await OwnerBrowser.signIn(t, ws);
  const consent = await owner.get(authorize.headers.get("location") ?? "");
  expect(consent.status, consent.html).toBe(200);
  const params = Object.fromEntries(new URLSearchParams(query));
  const answer = await owner.post("/dashboard/agents/authorize", { ...params, ...grantFields(grant), decision: "approve" });
  expect(answer.status, answer.html).toBe(303);
  const code = new URL(answer.location ?? "").searchParams.get("code") ?? "";
  const issued = await grantTokens(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI, resource: `${ORIGIN}/v1/mcp` });
  const me = await agentFixture(t, ws, issued.access_token).read("/v1/me");
  expect(me.agent, "an agent's /v1/me names the agent").not.toBeNull();
  return { clientId, tokens: issued, agentId: me.agent?.id ?? "", owner };
}

/**
 * The typed calls (workspace-fixture.ts) with an agent's access token on `ws`, checked against
 * /openapi.json like a key's. `agentId` is the fixture's keyId, for tests that look the agent up.
 */
export function agentFixture(t: TestApp, ws: TestWorkspace, accessToken: string, agentId = ""): WorkspaceFixture {
  return workspaceFixture(t, { id: ws.id, key: accessToken, keyId: agentId, request: agentRequest(t, accessToken) });
}

/** Requests with an agent's access token, checked against /openapi.json like a key's. */
export function agentRequest(t: TestApp, accessToken: string): TestWorkspace["request"] {
  const send = anonymous(t.app);
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${accessToken}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const { json: _json, ...rest } = init;
    return send(path, { ...rest, headers, body: body ?? null });
  };
}
