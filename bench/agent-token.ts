import { createHash, randomBytes } from "node:crypto";

/**
 * An OAuth agent's access token for the bench workspace, obtained the way an agent and its owner
 * get one (registration, an app link, the consent form, the PKCE exchange), over HTTP against the
 * running server. The grant allows everything the bench calls.
 */
export async function mintAgentToken(port: number, key: string): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const redirect = "http://127.0.0.1:9/callback";
  const registered = (await (
    await fetch(`${base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "bench agent", redirect_uris: [redirect], token_endpoint_auth_method: "none" }),
    })
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const request = {
    response_type: "code",
    client_id: registered.client_id,
    redirect_uri: redirect,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "bench",
  };
  const link = (await (await fetch(`${base}/v1/app-link`, { method: "POST", headers: { authorization: `Bearer ${key}` } })).json()) as { url: string };
  const signin = await fetch(new URL(link.url, base), { method: "POST", redirect: "manual" });
  const cookie = (signin.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const page = await (await fetch(`${base}/dashboard/agents/authorize?${new URLSearchParams(request)}`, { headers: { cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
  const form = new URLSearchParams({ ...request, _csrf: csrf, allProfiles: "on", allPlatforms: "on", creditsPerDay: "100", decision: "approve" });
  for (const action of ["read", "draft", "publish_or_schedule"]) form.append("actions", action);
  const answer = await fetch(`${base}/dashboard/agents/authorize`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const code = new URL(answer.headers.get("location") ?? "http://invalid/").searchParams.get("code");
  if (!code) throw new Error(`the consent form answered ${answer.status} without a code`);
  const tokens = (await (
    await fetch(`${base}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: registered.client_id, redirect_uri: redirect }).toString(),
    })
  ).json()) as { access_token?: string };
  if (!tokens.access_token) throw new Error("the token endpoint issued no access token");
  return tokens.access_token;
}
