import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appCredentials, auditEvents, sandboxRecords } from "../../src/db/schema/index.js";
import { sandboxRuntime } from "../../src/domain/accounts/sandbox/sandbox-runtime.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import type { SandboxAuthCode } from "../../src/sandbox/oauth-consent.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
/** Live keys reach "the real networks" through this: the simulators, standing in for them. */
let liveNetworks: typeof fetch | null = null;
/** The server's base URL in tests (createTestApp sets it), which the sandbox is keyed by. */
const publicUrl = "http://chorus.test";
/** The workspace whose sandbox world stands in for the real networks. */
let internetWorld = "";
const internet = () => sandboxRuntime(t.db, { workspaceId: internetWorld, now: () => t.clock.now(), publicUrl, networks: testNetworkDeps() });

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      networks: testNetworkDeps({
        liveFetch: (input, init) => {
          if (!liveNetworks) throw new TypeError("live networks not ready");
          return liveNetworks(input, init);
        },
        // Live Bluesky goes through the outbound guard; the stand-in networks have public addresses.
        guardedFetch: createGuardedFetch({
          resolve: async () => ["93.184.216.34"],
          fetch: (input, init) => {
            if (!liveNetworks) throw new TypeError("live networks not ready");
            return liveNetworks(input, init);
          },
        }),
      }),
    },
  });
  internetWorld = (await testWorkspace(t)).id;
  liveNetworks = (await internet()).fetch;
});

const save = (ws: WorkspaceFixture, body: unknown) => ws.post("/v1/credentials", body);

/** The client id the simulated network saw when the person approved `handle`. */
async function clientIdSeenBy(platform: "twitter", handle: string): Promise<string | undefined> {
  const [pointer] = await t.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.platform, platform), eq(sandboxRecords.kind, "handle"), eq(sandboxRecords.id, handle)));
  if (!pointer) return undefined;
  const accountId = (pointer?.data as { accountId: string } | undefined)?.accountId ?? "";
  const codes = await t.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.workspaceId, pointer.workspaceId), eq(sandboxRecords.platform, platform), eq(sandboxRecords.kind, "auth_code"), eq(sandboxRecords.owner, accountId)));
  return (codes.at(-1)?.data as SandboxAuthCode | undefined)?.clientId;
}

describe("bring your own app: /v1/credentials", () => {
  it("keeps the LinkedIn products an app has, and refuses products a network's apps do not have", async () => {
    const ws = await testWorkspace(t);
    const saved = await save(ws, { platform: "linkedin", clientId: "li-cm-app", clientSecret: "li-cm-secret", products: ["organization"] });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ platform: "linkedin", clientId: "li-cm-app", products: ["organization"] });
    expect((await ws.get("/v1/credentials")).body.items).toEqual([expect.objectContaining({ products: ["organization"] })]);
    const wrong = await save(ws, { platform: "twitter", clientId: "x-app", clientSecret: "x-secret", products: ["member"] });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toMatchObject({ code: "field_invalid", param: "products", platform: "twitter" });
    expect((await save(ws, { platform: "linkedin", clientId: "li", clientSecret: "s", products: ["pages"] })).error).toMatchObject({ code: "field_invalid", param: "products[0]" });
    expect(
      await t.db
        .select()
        .from(appCredentials)
        .where(and(eq(appCredentials.workspaceId, ws.id), eq(appCredentials.platform, "twitter"))),
    ).toHaveLength(0);
  });

  it("saves, lists without the secret, replaces, deletes, and audits each change", async () => {
    const ws = await testWorkspace(t);
    const created = await save(ws, { platform: "pinterest", clientId: "pin-app-1", clientSecret: "pin-secret-1" });
    expect(created.status).toBe(201);
    const body = created.text;
    expect(created.body).toEqual({ platform: "pinterest", clientId: "pin-app-1", products: null, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(body).not.toContain("pin-secret-1");

    t.clock.advance(60_000);
    const replaced = await save(ws, { platform: "pinterest", clientId: "pin-app-2", clientSecret: "pin-secret-2" });
    expect(replaced.status).toBe(200);
    const view = replaced.body;
    expect(new Date(view.updatedAt).getTime()).toBeGreaterThan(new Date(view.createdAt).getTime());
    await save(ws, { platform: "linkedin", clientId: "li-app", clientSecret: "li-secret" });

    const list = await ws.get("/v1/credentials");
    const listText = list.text;
    expect(list.body).toEqual({
      items: [expect.objectContaining({ platform: "linkedin", clientId: "li-app" }), expect.objectContaining({ platform: "pinterest", clientId: "pin-app-2" })],
      cursor: null,
    });
    expect(listText).not.toMatch(/secret/i);

    // At rest the secret is an envelope bound to its row, readable exactly as network-context.ts reads it.
    const [row] = await t.db
      .select()
      .from(appCredentials)
      .where(and(eq(appCredentials.workspaceId, ws.id), eq(appCredentials.platform, "pinterest")));
    expect(row?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row?.clientSecretEncrypted).not.toContain("pin-secret-2");
    expect(await t.deps.cipher.decrypt(row?.clientSecretEncrypted ?? "", { table: "app_credentials", rowId: row?.id ?? "", column: "client_secret" })).toBe("pin-secret-2");

    const deleted = await ws.delete("/v1/credentials/pinterest");
    expect(deleted.body).toEqual({ platform: "pinterest", deleted: true });
    const again = await ws.delete("/v1/credentials/pinterest");
    expect(again.status).toBe(404);
    expect(again.error).toMatchObject({ code: "resource_not_found", param: "platform", platform: "pinterest" });
    expect((await ws.get("/v1/credentials")).body.items.map((i) => i.platform)).toEqual(["linkedin"]);

    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.type, "credentials.changed")));
    expect(audit.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { platform: "pinterest", clientId: "pin-app-1", action: "created" },
        { platform: "pinterest", clientId: "pin-app-2", action: "replaced" },
        { platform: "linkedin", clientId: "li-app", action: "created" },
        { platform: "pinterest", clientId: "pin-app-2", action: "deleted" },
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain("secret-");
  });

  it("validates the body and the path", async () => {
    const ws = await testWorkspace(t);
    expect((await save(ws, { platform: "twitter", clientId: "x" })).error).toMatchObject({ code: "field_required", param: "clientSecret" });
    expect((await save(ws, { platform: "twitter", clientId: "x", clientSecret: "y", scopes: [] })).error).toMatchObject({ code: "field_unknown", param: "scopes" });
    expect((await save(ws, { platform: "myspace", clientId: "x", clientSecret: "y" })).error).toMatchObject({ code: "field_invalid", param: "platform" });
    expect((await save(ws, { platform: "twitter", clientId: "  ", clientSecret: "y" })).error).toMatchObject({ code: "field_invalid", param: "clientId" });
    const bluesky = await save(ws, { platform: "bluesky", clientId: "x", clientSecret: "y" });
    expect(bluesky.status).toBe(400);
    expect(bluesky.error).toMatchObject({ code: "field_invalid", param: "platform", platform: "bluesky" });
    const unknown = await ws.delete("/v1/credentials/myspace");
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "platform_unknown", param: "platform" });
    expect(await t.db.select().from(appCredentials).where(eq(appCredentials.workspaceId, ws.id))).toHaveLength(0);
  });

  it("sends the workspace's own client id to the network when connecting, and the default after deleting it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    expect((await save(ws, { platform: "twitter", clientId: "my-own-app", clientSecret: "my-own-secret" })).status).toBe(201);
    await ws.connect("twitter", { handle: "byo-app-user" });
    expect(await clientIdSeenBy("twitter", "byo-app-user")).toBe("my-own-app");

    const other = await testWorkspace(t, { plan: "subscription" });
    await other.connect("twitter", { handle: "default-app-user" });
    expect(await clientIdSeenBy("twitter", "default-app-user")).toBe("chorus-sandbox-twitter");

    expect((await ws.delete("/v1/credentials/twitter")).status).toBe(200);
    await ws.connect("twitter", { handle: "after-delete-user" });
    expect(await clientIdSeenBy("twitter", "after-delete-user")).toBe("chorus-sandbox-twitter");
  });

  it("leaves a live key's Bluesky connection alone, and live OAuth networks still need a connect link", async () => {
    const ws = await testWorkspace(t, { mode: "live", plan: "subscription" });
    await save(ws, { platform: "twitter", clientId: "live-app", clientSecret: "live-secret" });
    await (await internet()).simulator("bluesky").seedAccount({ handle: "live-byo.test", password: "live-pass-word-1234" });
    const bluesky = await ws.connect("bluesky", { handle: "live-byo.test", appPassword: "live-pass-word-1234" });
    expect(bluesky).toMatchObject({ platform: "bluesky", mode: "live", status: "active" });

    const twitter = await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: "x" });
    expect(twitter.error).toMatchObject({ code: "connect_link_required", platform: "twitter" });
  });
});
