import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import { sandboxRuntime } from "../../src/domain/accounts/sandbox/sandbox-runtime.js";
import { openTokens, sealTokens } from "../../src/domain/accounts/token-vault.js";
import { storedPageTokens } from "../../src/networks/meta/page-access.js";
import type { TokenSet } from "../../src/networks/types.js";
import { setPageRole, type SandboxPage } from "../../src/sandbox/meta/pages.js";
import type { SimulatorDeps } from "../../src/sandbox/types.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import type { Schemas } from "../support/api-types.js";

/**
 * Facebook page tokens kept with the connection, through the public API with a test key: connect
 * stores them sealed with the user token, a publish acts as the page without reading
 * /me/accounts first, and a refused stored token costs one fresh read and one retry.
 */

type Target = Schemas["Target"];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

interface Connected {
  ws: WorkspaceFixture;
  accountId: string;
  pageId: string;
  owner: string;
  sandbox: SimulatorDeps;
  /** Graph calls the sandbox answered since the last `graphCalls()`, as "METHOD /path". */
  graphCalls: () => string[];
}

async function connectFacebook(handle: string): Promise<Connected> {
  const ws = await testWorkspace(t, { plan: "subscription" });
  const response = await ws.post("/v1/social-accounts/connect", { platform: "facebook", handle });
  expect(response.status, response.text).toBe(201);
  const accountId = response.body.id;
  const sandbox: SimulatorDeps = { store: createDbSandboxStore(t.db, ws.id), now: () => t.clock.now(), publicUrl: "http://chorus.test", sleep: async () => {} };
  const pages = await sandbox.store.list<SandboxPage>("facebook", "page");
  const main = pages.find((p) => p.data.name.endsWith("(sandbox page)"));
  if (!main?.owner) throw new Error("no sandbox page");
  // The same runtime object the app uses for this workspace's test-key calls (cached per database and workspace).
  const runtime = await sandboxRuntime(t.db, { workspaceId: ws.id, now: () => t.clock.now(), publicUrl: "http://chorus.test", networks: t.deps.networks });
  const spy = vi.spyOn(runtime, "fetch");
  let seen = 0;
  const graphCalls = () => {
    const calls = spy.mock.calls
      .slice(seen)
      .map(([input, init]) => ({ url: new URL(input instanceof Request ? input.url : String(input)), method: init?.method ?? (input instanceof Request ? input.method : "GET") }));
    seen = spy.mock.calls.length;
    return calls.filter((c) => c.url.host === "graph.facebook.com").map((c) => `${c.method.toUpperCase()} ${c.url.pathname}`);
  };
  return { ws, accountId, pageId: main.id, owner: main.owner, sandbox, graphCalls };
}

async function storedTokens(c: Connected): Promise<TokenSet> {
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, c.accountId));
  if (!row?.tokensEncrypted) throw new Error("no stored tokens");
  return openTokens(t.deps.cipher, c.accountId, row.tokensEncrypted);
}

async function publish(c: Connected, text: string) {
  const response = await c.ws.post("/v1/posts", { accounts: [c.accountId], text, platformOptions: { facebook: { pageId: c.pageId } } });
  expect(response.status, response.text).toBe(201);
  const [target] = response.body.targets;
  if (!target) throw new Error("no target");
  return target;
}

const feed = (c: Connected) => `POST /v26.0/${c.pageId}/feed`;
const permalink = (target: Target) => `GET /v26.0/${target.networkPostId ?? ""}`;

describe("Facebook page tokens through the API", () => {
  it("connect seals every managed page's token with the user token", async () => {
    const c = await connectFacebook("api.page.tokens");
    const tokens = await storedTokens(c);
    const pages = await c.sandbox.store.list<SandboxPage>("facebook", "page");
    expect(pages).toHaveLength(2);
    expect(Object.fromEntries(storedPageTokens(tokens).map((p) => [p.pageId, p.token]))).toEqual(Object.fromEntries(pages.map((p) => [p.id, p.data.tokenValue])));
  });

  it("publishes text to the same page twice with one write each and no /me/accounts read", async () => {
    const c = await connectFacebook("api.two.posts");
    c.graphCalls();
    const first = await publish(c, "First post through Chorus");
    expect(first.state).toBe("published");
    expect(c.graphCalls()).toEqual([feed(c), permalink(first)]);
    const second = await publish(c, "Second post through Chorus");
    expect(second.state).toBe("published");
    expect(c.graphCalls()).toEqual([feed(c), permalink(second)]);
  });

  it("publishes for an account connected before page tokens were stored, by reading /me/accounts", async () => {
    const c = await connectFacebook("api.older.account");
    const tokens = await storedTokens(c);
    expect(storedPageTokens(tokens)).toHaveLength(2);
    const sealed = await sealTokens(t.deps.cipher, c.accountId, { ...tokens, extra: {} });
    await t.db.update(socialAccounts).set({ tokensEncrypted: sealed }).where(eq(socialAccounts.id, c.accountId));
    c.graphCalls();
    const target = await publish(c, "From an older connection");
    expect(target.state).toBe("published");
    expect(c.graphCalls()).toEqual(["GET /v26.0/me/accounts", feed(c), permalink(target)]);
  });

  it("publishes once through one fresh /me/accounts read and one retry when the stored page token was made invalid", async () => {
    const c = await connectFacebook("api.role.back");
    // The person's role on the page was removed and given back: the stored page token died with it.
    await setPageRole(c.sandbox, "facebook", c.pageId, null);
    await setPageRole(c.sandbox, "facebook", c.pageId, c.owner);
    c.graphCalls();
    const target = await publish(c, "After the role came back");
    expect(target.state).toBe("published");
    expect(c.graphCalls()).toEqual([feed(c), "GET /v26.0/me/accounts", feed(c), permalink(target)]);
  });

  it("fails the target with option_invalid on platformOptions.facebook.pageId when the person no longer manages the page", async () => {
    const c = await connectFacebook("api.role.lost");
    await setPageRole(c.sandbox, "facebook", c.pageId, null);
    c.graphCalls();
    const target = await publish(c, "Nobody may post this");
    expect(target).toMatchObject({ state: "failed", networkPostId: null, error: { code: "option_invalid", param: "platformOptions.facebook.pageId" } });
    expect(c.graphCalls()).toEqual([feed(c), "GET /v26.0/me/accounts"]);
    expect((await c.sandbox.store.list("facebook", "page_post")).length).toBe(0);
    const account = (await c.ws.get(`/v1/social-accounts/${c.accountId}`)).body;
    expect(account.status).toBe("active");
  });

  it("renews the stored page tokens with the user token before it expires", async () => {
    const c = await connectFacebook("api.renewal");
    const before = await storedTokens(c);
    const template = (await c.sandbox.store.get<SandboxPage>("facebook", "page", c.pageId))?.data;
    if (!template) throw new Error("no page");
    await c.sandbox.store.put<SandboxPage>("facebook", "page", "900000000000002", { ...template, id: "900000000000002", name: "Added later", tokenValue: null }, c.owner);
    // Four minutes before the 60-day user token ends: the next call renews it first.
    t.clock.advance(Date.parse(before.expiresAt ?? "") - t.clock.now().getTime() - 4 * 60_000);
    c.graphCalls();
    const target = await publish(c, "Published after the renewal");
    expect(target.state).toBe("published");
    expect(c.graphCalls()).toEqual(["GET /v26.0/oauth/access_token", "GET /v26.0/me/accounts", feed(c), permalink(target)]);
    const after = await storedTokens(c);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(
      storedPageTokens(after)
        .map((p) => p.pageId)
        .sort(),
    ).toEqual([...storedPageTokens(before).map((p) => p.pageId), "900000000000002"].sort());
  });
});
