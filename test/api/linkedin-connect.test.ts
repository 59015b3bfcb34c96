import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxRecords, socialAccounts } from "../../src/db/schema/index.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

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

async function doorLink(ws: WorkspaceFixture, variant: string): Promise<string> {
  const response = await ws.get(`/v1/connect-link?platform=linkedin&variant=${variant}&returnUrl=${encodeURIComponent("https://app.example/done")}`);
  expect(response.status, response.text).toBe(200);
  return response.body.url;
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

async function accountOf(ws: WorkspaceFixture, back: URL): Promise<Record<string, unknown>> {
  expect(back.searchParams.get("status"), back.toString()).toBe("connected");
  return (await ws.get(`/v1/social-accounts/${back.searchParams.get("account") ?? ""}`)).body;
}

describe("LinkedIn connect variants through the public connect flow", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("member: asks only for Sign In + Share on LinkedIn, identifies the member by OpenID, records the variant", async () => {
    const ws = await testWorkspace(t);
    const { scopes, back } = await throughDoor(t, await doorLink(ws, "member"), "li.member");
    expect(scopes).toEqual(["openid", "profile", "email", "w_member_social"]);
    const account = await accountOf(ws, back);
    expect(account).toMatchObject({ platform: "linkedin", connectVariant: "member", handle: "li.member@sandbox.chorus.invalid", status: "active" });
    const targets = (await ws.get(`/v1/social-accounts/${String(account.id)}/targets`)).body;
    expect(targets.items).toEqual([]);
  });

  it("organization: asks only for Community Management, identifies the member without openid, offers every page the member may post for", async () => {
    const ws = await testWorkspace(t);
    const { scopes, back } = await throughDoor(t, await doorLink(ws, "organization"), "li.pages");
    expect(scopes).toEqual(["r_basicprofile", "w_member_social", "w_organization_social", "r_organization_social", "rw_organization_admin", "r_member_postAnalytics"]);
    expect(scopes).not.toContain("openid");
    const account = await accountOf(ws, back);
    expect(account).toMatchObject({ platform: "linkedin", connectVariant: "organization", handle: "li-pages", displayName: "li Sandbox", status: "active" });
    const targets = (await ws.get(`/v1/social-accounts/${String(account.id)}/targets`)).body;
    expect(targets.items.map((p) => [p.name, p.details.role])).toEqual([
      ["Sandbox Widgets Ltd", "ADMINISTRATOR"],
      ["Sandbox Consulting", "ADMINISTRATOR"],
      ["Sandbox Studio Media", "CONTENT_ADMINISTRATOR"],
    ]);
    // A test-key connect without a variant takes the most capable door the app has.
    const viaApi = await ws.post("/v1/social-accounts/connect", { platform: "linkedin", handle: "li.api" });
    expect(viaApi.body).toMatchObject({ connectVariant: "organization", handle: "li-api" });
  });

  it("offers only the doors of the products the operator lists, and refuses the others before any consent", async () => {
    const ws = await testWorkspace(t);
    // The workspace's own LinkedIn app: the deployment's setting (none: the self-serve default) describes it.
    expect((await ws.post("/v1/credentials", { platform: "linkedin", clientId: "li-own-app", clientSecret: "li-own-secret" })).status).toBe(201);
    const refused = await ws.get("/v1/connect-link?platform=linkedin&variant=organization");
    expect(refused.status).toBe(400);
    const error = refused.error;
    expect(error).toMatchObject({ code: "field_invalid", param: "variant", platform: "linkedin" });
    expect(error.fix).toContain("CHORUS_LINKEDIN_PRODUCTS");
    const connect = await ws.post("/v1/social-accounts/connect", { platform: "linkedin", handle: "li.nope", variant: "organization" });
    expect(connect.error).toMatchObject({ code: "field_invalid", param: "variant" });

    const page = await open(t, (await ws.post("/v1/connect-link", { platforms: ["linkedin"] })).body.url);
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
    const ws = await testWorkspace(t);
    const saved = await ws.post("/v1/credentials", { platform: "linkedin", clientId: "li-cm-only", clientSecret: "li-cm-secret", products: ["organization"] });
    expect(saved.status).toBe(201);
    const page = await open(t, (await ws.post("/v1/connect-link", { platforms: ["linkedin"] })).body.url);
    expect([...(await page.text()).matchAll(/id="(connect-[a-z_-]+)"/g)].map((m) => m[1])).toEqual(["connect-linkedin-organization"]);
    expect((await ws.get("/v1/connect-link?platform=linkedin&variant=member")).error).toMatchObject({ code: "field_invalid", param: "variant" });
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
    const ws = await testWorkspace(t);
    // A newly created LinkedIn app has the self-serve products only; the simulator knows it.
    expect((await ws.post("/v1/credentials", { platform: "linkedin", clientId: "li-fresh-app", clientSecret: "li-fresh-secret" })).status).toBe(201);
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

  const connect = async (ws: WorkspaceFixture, handle: string, variant: "member" | "organization") => {
    const response = await ws.post("/v1/social-accounts/connect", { platform: "linkedin", handle, variant });
    expect(response.status, response.text).toBe(201);
    return response.body.id;
  };
  const uploadVideo = async (ws: WorkspaceFixture) => {
    const uploaded = await ws.post("/v1/media", undefined, { raw: mp4(1920, 1080, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
    expect(uploaded.status, uploaded.text).toBe(201);
    return uploaded.body.id;
  };
  const validate = async (ws: WorkspaceFixture, body: unknown) => {
    const response = await ws.post("/v1/posts/validate", body);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const credits = async (ws: WorkspaceFixture) => (await ws.get("/v1/me/limits")).body.credits.total;
  const linkedinRecords = async (ws: WorkspaceFixture) =>
    (
      await t.db
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.workspaceId, ws.id), eq(sandboxRecords.platform, "linkedin"), inArray(sandboxRecords.kind, ["asset", "post"])))
    ).map((r) => r.data as { owner?: string; kind?: string });

  // The spec's error table: prof_video_unsupported, video posts to a personal profile are not accepted.
  it("is reported by validate and refused by POST /v1/posts with prof_video_unsupported, before LinkedIn is called", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "li.video", "member");
    const media = await uploadVideo(ws);
    const body = { text: "A video on my own profile", media: [media], accounts: [account] };

    const report = await validate(ws, body);
    expect(report.valid, JSON.stringify(report)).toBe(false);
    expect(report.targets).toHaveLength(1);
    expect(report.targets[0]?.errors).toEqual([
      { code: "prof_video_unsupported", param: "media", message: expect.stringContaining(`media[0] (${media})`), fix: expect.stringContaining("organisation") },
    ]);

    const before = await credits(ws);
    const response = await ws.post("/v1/posts", body);
    expect(response.status, response.text).toBe(201);
    const created = response.body;
    expect(created).toMatchObject({ state: "failed", targets: [{ state: "failed", credits: 0, networkPostId: null, error: { code: "prof_video_unsupported", param: "media" } }] });
    t.clock.advance(60_000);
    await t.drainJobs();
    const read = (await ws.get(`/v1/posts/${created.id}`)).body;
    expect(read).toMatchObject({ state: "failed", targets: [{ state: "failed", networkPostId: null, error: { code: "prof_video_unsupported" } }] });
    // Nothing reached the simulated LinkedIn: no upload was started, no post was made, nothing was charged.
    expect(await linkedinRecords(ws)).toEqual([]);
    expect(await credits(ws)).toBe(before);
  });

  it("is refused on an organisation connection too when no organisation is the author, and publishes with one", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "li.pagevideo", "organization");
    const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
    const page = targets.items[0]?.id ?? "";
    expect(page).toMatch(/^urn:li:organization:/);
    const media = await uploadVideo(ws);
    const asMember = { text: "Our launch video", media: [media], accounts: [account] };
    expect((await validate(ws, asMember)).targets[0]?.errors.map((e) => e.code)).toEqual(["prof_video_unsupported"]);

    const asPage = { ...asMember, platformOptions: { linkedin: { author: page } } };
    const report = await validate(ws, asPage);
    expect(report, JSON.stringify(report)).toMatchObject({ valid: true, targets: [{ errors: [] }] });
    const response = await ws.post("/v1/posts", asPage);
    expect(response.status, response.text).toBe(201);
    const created = response.body;
    expect(["processing", "published"], JSON.stringify(created.targets[0])).toContain(created.targets[0]?.state);
    expect(created.targets[0]?.credits).toBe(1);
    t.clock.advance(60_000);
    await t.drainJobs();
    const read = (await ws.get(`/v1/posts/${created.id}`)).body;
    expect(read, JSON.stringify(read.targets)).toMatchObject({ state: "published", targets: [{ state: "published", error: null }] });
    expect(read.targets[0]?.networkPostId).toBeTruthy();
    // The video was uploaded with the organisation as its owner.
    expect((await linkedinRecords(ws)).filter((r) => r.kind === "video").map((r) => r.owner)).toEqual([page]);
  });
});
