import { AtpAgent } from "@atproto/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { resolveAllAddresses } from "../../src/node/node-resolve.js";
import { skipWithout } from "../support/required-service.js";
import { type LocalPds, loadDevEnv, startLocalPds } from "../support/pds.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

const loaded = await loadDevEnv();
skipWithout("pds", loaded, "connecting Bluesky through the API against a local PDS");

/**
 * POST /v1/social-accounts/connect with a LIVE key against a real local PDS: the app password
 * is checked by the reference implementation, the tokens are stored encrypted, a wrong password
 * stores nothing, and a disconnect ends the session at the PDS.
 */
describe.skipIf(!loaded.ok)("connecting Bluesky through the API (real PDS)", () => {
  let pds: LocalPds | null = null;
  let t: TestApp;
  let appPassword = "";

  beforeAll(async () => {
    if (!loaded.ok) return;
    pds = await startLocalPds(loaded.devEnv);
    const agent = new AtpAgent({ service: pds.url });
    await agent.com.atproto.server.createAccount({ email: "carol@example.test", handle: "carol.test", password: "carol-main-password" });
    await agent.login({ identifier: "carol.test", password: "carol-main-password" });
    await agent.com.atproto.repo.putRecord({
      repo: agent.session?.did ?? "",
      collection: "app.bsky.actor.profile",
      rkey: "self",
      record: { $type: "app.bsky.actor.profile", displayName: "Carol Tester" },
    });
    appPassword = (await agent.com.atproto.server.createAppPassword({ name: "chorus" })).data.password;
    // The local PDS is http://localhost: the documented test allowance of the outbound guard.
    const guardedFetch = createGuardedFetch({ resolve: resolveAllAddresses, fetch: (input, init) => fetch(input, init), allowLoopbackHttp: true });
    t = await createTestApp({ deps: { networks: testNetworkDeps({ liveFetch: (input, init) => fetch(input, init), guardedFetch, blueskyServiceUrl: pds.url }) } });
  }, 120_000);
  afterAll(async () => {
    await pds?.close();
  });

  it("connects with the handle and app password, reads the profile, and stores only encrypted tokens", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const account = await ws.connect("bluesky", { handle: "@carol.test", appPassword });
    expect(account).toMatchObject({ platform: "bluesky", handle: "carol.test", displayName: "Carol Tester", mode: "live", status: "active" });
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(row?.networkUserId).toMatch(/^did:plc:/);
    expect(row?.tokensEncrypted).toMatch(/^v1\./);
    expect(row?.tokensEncrypted).not.toContain("eyJ");

    const removed = await ws.delete(`/v1/social-accounts/${account.id}`);
    expect(removed.body).toMatchObject({ disconnected: true, revoked: true });
  }, 60_000);

  it("refuses a wrong app password with a fix, storing nothing", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "carol.test", appPassword: "aaaa-bbbb-cccc-dddd" });
    expect(response.status).toBe(400);
    const { error } = response;
    expect(error).toMatchObject({ param: "appPassword", platform: "bluesky", retryable: false });
    expect(error.fix).toMatch(/App passwords/);
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(0);
  }, 60_000);
});
