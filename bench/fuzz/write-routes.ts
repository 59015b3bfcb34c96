import type { FuzzValue } from "./hostile-values.js";

/** How the fuzzer reaches the app: a request with the workspace's key already attached. */
export type FuzzRequest = (method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit | null }) => Promise<Response>;

export interface WriteRoute {
  method: string;
  /** OpenAPI template, e.g. `/v1/posts/{id}`. */
  path: string;
  /** Names of the JSON body's fields (empty for routes without a JSON body). */
  fields: string[];
  jsonBody: boolean;
  rawUpload: boolean;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const WRITE = new Set(["post", "put", "patch", "delete"]);

/** Every write operation the OpenAPI document lists: a route added later is fuzzed without a change here. */
export async function writeRoutes(request: FuzzRequest): Promise<WriteRoute[]> {
  const doc = (await (await request("GET", "/openapi.json", {})).json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: WriteRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!WRITE.has(method)) continue;
      // JSON-RPC, whose refusals are JSON-RPC errors: its malformed-message tests are test/mcp/protocol.test.ts.
      if (path === "/v1/mcp") continue;
      const content = operation.requestBody?.content ?? {};
      const json = content["application/json"];
      routes.push({
        method: method.toUpperCase(),
        path,
        fields: Object.keys(json?.schema?.properties ?? {}),
        jsonBody: json !== undefined,
        rawUpload: Object.keys(content).some((type) => type.startsWith("image/") || type.startsWith("video/")),
      });
    }
  }
  return routes;
}

/** Real records of the fuzzed workspace, so some requests get past the 404s to the code behind them. */
export interface FuzzFixtures {
  accountId: string;
  draftId: string;
  scheduledId: string;
  mediaId: string;
  profile: string;
}

async function created(response: Response, what: string): Promise<Record<string, unknown>> {
  if (response.status !== 201 && response.status !== 200) throw new Error(`fuzz setup: ${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const json = (value: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(value) });

/** A tiny valid PNG (signature, IHDR, IDAT, IEND). */
export const TINY_PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0x49, 0x44, 0x41, 0x54, 1, 2, 3, 4, 0, 0, 0, 0, 0,
  0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

export async function createFixtures(request: FuzzRequest): Promise<FuzzFixtures> {
  const profile = "fuzzprofile";
  await created(await request("POST", "/v1/profiles", json({ username: profile })), "profile");
  const account = await created(await request("POST", "/v1/social-accounts/connect", json({ platform: "bluesky", handle: "fuzz.test", appPassword: "abcd-efgh-ijkl-mnop", profile })), "account");
  const accountId = String(account.id);
  const draft = await created(await request("POST", "/v1/posts", json({ text: "fuzz draft", accounts: [accountId], draft: true })), "draft");
  const scheduled = await created(await request("POST", "/v1/posts", json({ text: "fuzz scheduled", accounts: [accountId], scheduledAt: "2099-01-01T10:00:00Z" })), "scheduled post");
  const media = await created(await request("POST", "/v1/media", { headers: { "content-type": "image/png" }, body: TINY_PNG }), "media");
  return { accountId, draftId: String(draft.id), scheduledId: String(scheduled.id), mediaId: String(media.id), profile };
}

/** A valid body for each route, which the fuzzer then breaks one field at a time. */
export function seedBody(route: WriteRoute, f: FuzzFixtures): Record<string, FuzzValue> {
  const post = { text: "fuzz", accounts: [f.accountId], platformOptions: { bluesky: { langs: ["en"] } } };
  const seeds: Record<string, Record<string, FuzzValue>> = {
    "PATCH /v1/me/agent": { nickname: "fuzzer" },
    "PATCH /v1/email-preferences": { weeklyDigest: false },
    "POST /v1/profiles": { username: "fuzz-other" },
    "POST /v1/social-accounts/connect": { platform: "bluesky", handle: "fuzz2.test", appPassword: "abcd-efgh-ijkl-mnop" },
    "PATCH /v1/social-accounts/{id}/profile": { displayName: "Fuzz", bio: "fuzzing" },
    "POST /v1/social-accounts/{id}/webhook": { fields: ["feed"] },
    "POST /v1/credentials": { platform: "twitter", clientId: "id", clientSecret: "secret" },
    "POST /v1/connect-link": { profile: f.profile, returnUrl: "https://example.com/back", platforms: ["bluesky"] },
    "PUT /v1/sandbox/social-accounts/{id}/fault": { fault: null },
    "POST /v1/posts/validate": { ...post, scheduledAt: "2099-01-01T10:00:00Z" },
    "POST /v1/posts": { ...post, draft: true },
    "PATCH /v1/posts/{id}": { text: "fuzz edit", scheduledAt: "2099-02-01T10:00:00", timezone: "Europe/Berlin" },
  };
  return { ...(seeds[`${route.method} ${route.path}`] ?? {}) };
}

/** The real id a route's path parameter names, by the route's resource. */
export function fixtureId(path: string, f: FuzzFixtures, pick: <T>(items: readonly T[]) => T): string {
  if (path.startsWith("/v1/posts/")) return pick([f.draftId, f.scheduledId]);
  if (path.startsWith("/v1/media/")) return f.mediaId;
  if (path.startsWith("/v1/credentials/")) return "twitter";
  return f.accountId;
}
