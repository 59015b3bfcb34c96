import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { type TestApp, type TestWorkspace, anonymous } from "./test-app.js";

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

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function register(t: TestApp, body: Record<string, unknown> = {}): Promise<{ client_id: string; client_secret?: string }> {
  const response = await t.app.request(`${ORIGIN}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test agent", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", ...body }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { client_id: string; client_secret?: string };
}

/** A dashboard session over app.request: the owner's browser on the consent page. */
export class OwnerBrowser {
  csrf = "";
  constructor(
    private t: TestApp,
    readonly cookie: string,
  ) {}

  static async signIn(t: TestApp, ws: TestWorkspace): Promise<OwnerBrowser> {
    const minted = (await (await ws.request("/v1/app-link", { method: "POST" })).json()) as { url: string };
    const response = await t.app.request(minted.url, { method: "POST" });
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
  const exchanged = await token(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI, resource: `${ORIGIN}/v1/mcp` });
  expect(exchanged.status, await exchanged.clone().text()).toBe(200);
  const tokens = (await exchanged.json()) as AgentTokens;
  const me = (await (await t.app.request(`${ORIGIN}/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as { agent: { id: string } };
  return { clientId, tokens, agentId: me.agent.id, owner };
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
