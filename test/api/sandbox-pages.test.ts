import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxRecords } from "../../src/db/schema/index.js";
import { randomString } from "../../src/infra/ids.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * The public /sandbox/<host>/* routes carry no key, so they serve only the browser's consent
 * step of a running test connect attempt (found by its OAuth `state`), in that attempt's own
 * workspace sandbox world. Token redemption, APIs, listings and posting answer 404 there.
 */
const ORIGIN = "http://chorus.test";
let t: TestApp;
let open: ReturnType<typeof anonymous>;

beforeAll(async () => {
  t = await createTestApp();
  open = anonymous(t.app);
});

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const path = (url: string) => {
  const parsed = new URL(url, ORIGIN);
  return `${parsed.pathname}${parsed.search}`;
};
const sandboxRows = async () => (await t.db.select({ n: count() }).from(sandboxRecords))[0]?.n ?? 0;

/** Starts a test connect of X from a fresh link and returns the consent page address the browser is sent to. */
async function startX(ws: WorkspaceFixture): Promise<{ consent: string; state: string }> {
  const minted = await ws.post("/v1/connect-link", {});
  const { url } = minted.body;
  const started = await open(path(`${url}/start/twitter`));
  expect(started.status).toBe(302);
  const consent = started.headers.get("location") ?? "";
  return { consent: path(consent), state: new URL(consent).searchParams.get("state") ?? "" };
}

describe("public /sandbox routes", () => {
  it.each([
    ["the X token endpoint", "/sandbox/api.x.com/2/oauth2/token", form({ grant_type: "authorization_code", code: "c", client_id: "chorus-sandbox-twitter" })],
    ["an X API read", "/sandbox/api.x.com/2/users/me", {}],
    ["X posting", "/sandbox/api.x.com/2/tweets", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "hi" }) }],
    ["a Facebook page listing", "/sandbox/graph.facebook.com/v26.0/me/accounts", {}],
    [
      "the Bluesky login",
      "/sandbox/bsky.social/xrpc/com.atproto.server.createSession",
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ identifier: "a.test", password: "p" }) },
    ],
    ["a consent page without a state", "/sandbox/x.com/i/oauth2/authorize?client_id=chorus-sandbox-twitter&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&response_type=code", {}],
    [
      "a consent approval with an invented state",
      `/sandbox/x.com/i/oauth2/authorize?client_id=chorus-sandbox-twitter&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&response_type=code&state=${randomString(32)}`,
      form({ handle: "victim", decision: "approve" }),
    ],
  ] as const)("answers 404 for %s and writes nothing", async (_what, url, init) => {
    const before = await sandboxRows();
    const response = await open(url, init);
    expect(response.status).toBe(404);
    expect(await sandboxRows()).toBe(before);
  });

  it("serves the consent page of a running attempt (GET and its form POST) in the attempt's workspace world, and nothing else with that state", async () => {
    const ws = await testWorkspace(t);
    const { consent, state } = await startX(ws);
    const page = await open(consent);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="approve"');

    // The attempt's state opens no other door: not the token endpoint, not the API, not PUT.
    expect((await open(`/sandbox/api.x.com/2/oauth2/token?state=${state}`, form({ grant_type: "authorization_code", code: "x" }))).status).toBe(404);
    expect((await open(`/sandbox/api.x.com/2/users/me?state=${state}`)).status).toBe(404);
    expect((await open(consent, { method: "PUT" })).status).toBe(404);

    const handle = `page-${randomString(6).toLowerCase()}`;
    const approved = await open(consent, form({ handle, decision: "approve" }));
    expect(approved.status).toBe(302);
    const callback = approved.headers.get("location") ?? "";
    expect(callback).toMatch(/^http:\/\/chorus\.test\/connect\/callback\/twitter\?/);
    const person = await t.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.platform, "twitter"), eq(sandboxRecords.kind, "handle"), eq(sandboxRecords.id, handle)));
    expect(person.map((row) => row.workspaceId)).toEqual([ws.id]);

    // Once the callback used the attempt, its consent page is gone too.
    expect((await open(path(callback))).status).toBe(200);
    expect((await open(consent)).status).toBe(404);
  });

  it("does not serve a consent page after the attempt expired (10 minutes)", async () => {
    const ws = await testWorkspace(t);
    const { consent } = await startX(ws);
    t.clock.advance(10 * 60_000);
    expect((await open(consent)).status).toBe(404);
  });
});
