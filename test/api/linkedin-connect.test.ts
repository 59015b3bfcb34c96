import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf, testNetworkDeps } from "../support/test-app.js";
import { mp4 } from "../unit/media-fixtures.js";

/**
 * LinkedIn's two doors through the public connect flow on the sandbox: each asks only for its
 * product's scopes, records its variant on the account, and identifies the member the way its
 * product allows; a door whose product the app lacks is refused, by Chorus when the operator
 * said so, and by the simulated LinkedIn (unauthorized_scope_error) when the operator was wrong.
 */

const ORIGIN = "http://chorus.test";
const location = (response: Response) => response.headers.get("location") ?? "";
const open = (t: TestApp, url: string, form?: Record<string, string>) =>
  t.app.request(new URL(url, ORIGIN).toString(), form ? { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() } : {});

async function doorLink(ws: TestWorkspace, variant: string): Promise<string> {
  const response = await ws.request(`/v1/connect-link?platform=linkedin&variant=${variant}&returnUrl=${encodeURIComponent("https://app.example/done")}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** Opens the door, reads the scopes asked for, consents as `handle`, and follows the callback to the returnUrl. */
async function throughDoor(t: TestApp, url: string, handle: string): Promise<{ scopes: string[]; back: URL; callback: URL }> {
  const started = await open(t, url);
  expect(started.status, await started.clone().text()).toBe(302);
  const consentUrl = location(started);
  const scopes = (new URL(new URL(consentUrl).pathname.replace(/^\/sandbox\//, "https://") + new URL(consentUrl).search).searchParams.get("scope") ?? "").split(" ");
  const page = await open(t, consentUrl);
  let callback: URL;
  if (page.status === 302) {
    callback = new URL(location(page));
  } else {
    expect(page.status).toBe(200);
    const approved = await open(t, consentUrl, { handle, decision: "approve" });
    expect(approved.status).toBe(302);
    callback = new URL(location(approved));
  }
  expect(callback.pathname).toBe("/connect/callback/linkedin");
  const done = await open(t, callback.toString());
  expect(done.status).toBe(302);
  return { scopes, back: new URL(location(done)), callback };
}

async function accountOf(ws: TestWorkspace, back: URL): Promise<Record<string, unknown>> {
  expect(back.searchParams.get("status"), back.toString()).toBe("connected");
  return (await (await ws.request(`/v1/social-accounts/${back.searchParams.get("account") ?? ""}`)).json()) as Record<string, unknown>;
}

describe("LinkedIn connect variants through the public connect flow", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("member: asks only for Sign In + Share on LinkedIn, identifies the member by OpenID, records the variant", async () => {
    const ws = await t.workspace();
    const { scopes, back } = await throughDoor(t, await doorLink(ws, "member"), "li.member");
    expect(scopes).toEqual(["openid", "profile", "email", "w_member_social"]);
    const account = await accountOf(ws, back);
    expect(account).toMatchObject({ platform: "linkedin", connectVariant: "member", handle: "li.member@sandbox.chorus.invalid", status: "active" });
    const targets = (await (await ws.request(`/v1/social-accounts/${String(account.id)}/targets`)).json()) as { items: unknown[] };
    expect(targets.items).toEqual([]);
  });

  it("organization: asks only for Community Management, identifies the member without openid, offers every page the member may post for", async () => {
    const ws = await t.workspace();
    const { scopes, back } = await throughDoor(t, await doorLink(ws, "organization"), "li.pages");
    expect(scopes).toEqual(["r_basicprofile", "w_member_social", "w_organization_social", "r_organization_social", "rw_organization_admin", "r_member_postAnalytics"]);
    expect(scopes).not.toContain("openid");
    const account = await accountOf(ws, back);
    expect(account).toMatchObject({ platform: "linkedin", connectVariant: "organization", handle: "li-pages", displayName: "li Sandbox", status: "active" });
    const targets = (await (await ws.request(`/v1/social-accounts/${String(account.id)}/targets`)).json()) as { items: Array<{ name: string; details: { role: string } }> };
    expect(targets.items.map((p) => [p.name, p.details.role])).toEqual([
      ["Sandbox Widgets Ltd", "ADMINISTRATOR"],
      ["Sandbox Consulting", "ADMINISTRATOR"],
      ["Sandbox Studio Media", "CONTENT_ADMINISTRATOR"],
    ]);
    // A test-key connect without a variant takes the most capable door the app has.
    const viaApi = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "linkedin", handle: "li.api" } });
    expect(await viaApi.json()).toMatchObject({ connectVariant: "organization", handle: "li-api" });
  });

  it("offers only the doors of the products the operator lists, and refuses the others before any consent", async () => {
    const ws = await t.workspace();
    // The workspace's own LinkedIn app: the deployment's setting (none: the self-serve default) describes it.
    expect((await ws.request("/v1/credentials", { method: "POST", json: { platform: "linkedin", clientId: "li-own-app", clientSecret: "li-own-secret" } })).status).toBe(201);
    const refused = await ws.request("/v1/connect-link?platform=linkedin&variant=organization");
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error).toMatchObject({ code: "field_invalid", param: "variant", platform: "linkedin" });
    expect(error.fix).toContain("CHORUS_LINKEDIN_PRODUCTS");
    const connect = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "linkedin", handle: "li.nope", variant: "organization" } });
    expect(await errorOf(connect)).toMatchObject({ code: "field_invalid", param: "variant" });

    const page = await open(t, ((await (await ws.request("/v1/connect-link", { method: "POST", json: { platforms: ["linkedin"] } })).json()) as { url: string }).url);
    expect([...(await page.text()).matchAll(/id="(connect-[a-z_-]+)"/g)].map((m) => m[1])).toEqual(["connect-linkedin-member"]);
    const { back } = await throughDoor(t, await doorLink(ws, "member"), "li.own");
    expect(await accountOf(ws, back)).toMatchObject({ connectVariant: "member" });
  });
});

describe("a workspace's own LinkedIn app with the products it states", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("offers the doors of its own products, whatever the server's setting, and the simulated LinkedIn grants them", async () => {
    const ws = await t.workspace();
    const saved = await ws.request("/v1/credentials", { method: "POST", json: { platform: "linkedin", clientId: "li-cm-only", clientSecret: "li-cm-secret", products: ["organization"] } });
    expect(saved.status).toBe(201);
    const page = await open(t, ((await (await ws.request("/v1/connect-link", { method: "POST", json: { platforms: ["linkedin"] } })).json()) as { url: string }).url);
    expect([...(await page.text()).matchAll(/id="(connect-[a-z_-]+)"/g)].map((m) => m[1])).toEqual(["connect-linkedin-organization"]);
    expect(await errorOf(await ws.request("/v1/connect-link?platform=linkedin&variant=member"))).toMatchObject({ code: "field_invalid", param: "variant" });
    const { back } = await throughDoor(t, await doorLink(ws, "organization"), "li.cm");
    expect(await accountOf(ws, back)).toMatchObject({ connectVariant: "organization", handle: "li-cm" });
  });
});

describe("a LinkedIn app that lacks the product the operator claims", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { networks: testNetworkDeps({ appProducts: { linkedin: ["member", "organization"] } }) } });
  });

  it("is refused by the simulated LinkedIn with unauthorized_scope_error, and nothing is stored", async () => {
    const ws = await t.workspace();
    // A newly created LinkedIn app has the self-serve products only; the simulator knows it.
    expect((await ws.request("/v1/credentials", { method: "POST", json: { platform: "linkedin", clientId: "li-fresh-app", clientSecret: "li-fresh-secret" } })).status).toBe(201);
    const { scopes, callback, back } = await throughDoor(t, await doorLink(ws, "organization"), "li.refused");
    expect(scopes).toContain("w_organization_social");
    expect(callback.searchParams.get("error")).toBe("unauthorized_scope_error");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ status: "error", code: "platform_rejected", platform: "linkedin" });
    expect(back.searchParams.get("message")).toBe('Scope "r_basicprofile" is not authorized for your application');
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(0);
  });
});

describe("a video to a personal LinkedIn profile", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  // LinkedIn's Videos API takes a member owner under w_member_social (learn.microsoft.com, Videos
  // API permissions), so prof_video_unsupported must not fire for a member author.
  it("validates and publishes, with no prof_video_unsupported", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const account = (await (await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "linkedin", handle: "li.video", variant: "member" } })).json()) as { id: string };
    const uploaded = await ws.request("/v1/media", { method: "POST", body: mp4(1920, 1080, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const body = { text: "A video on my own profile", media: [((await uploaded.json()) as { id: string }).id], accounts: [account.id] };
    const report = (await (await ws.request("/v1/posts/validate", { method: "POST", json: body })).json()) as { valid: boolean; targets: { errors: { code: string }[]; warnings: { code: string }[] }[] };
    expect(report.valid, JSON.stringify(report)).toBe(true);
    expect(report.targets.flatMap((target) => [...target.errors, ...target.warnings]).map((issue) => issue.code)).not.toContain("prof_video_unsupported");
    const created = (await (await ws.request("/v1/posts", { method: "POST", json: body })).json()) as { targets: { state: string; error: unknown }[] };
    expect(["processing", "published"], JSON.stringify(created.targets[0]?.error)).toContain(created.targets[0]?.state);
  });
});
