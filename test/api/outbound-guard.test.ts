import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Every URL a user chooses goes through the outbound guard, end to end: the stand-in internet
 * below resolves `entryway.example.test` and `images.example.test` to public addresses and
 * `pds.attacker.example.test` to a private one; whatever the guard lets through is recorded.
 */
const ENTRYWAY = "https://entryway.example.test";
const PUBLIC = "93.184.216.34";
const hosts: Record<string, string[]> = {
  "entryway.example.test": [PUBLIC],
  "images.example.test": [PUBLIC],
  "closed.example.test": [PUBLIC],
  "pds.attacker.example.test": ["10.20.30.40"],
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: "ES256K" })}.${b64(claims)}.sig`;

/** What the entryway's createSession answers: a session whose DID document names `pds`. */
function session(pds: string) {
  const did = "did:plc:attackerxxxxxxxxxxxxxxx";
  const exp = Math.floor(Date.parse("2026-11-21T14:00:00Z") / 1000);
  return {
    accessJwt: jwt({ sub: did, exp, scope: "com.atproto.appPass" }),
    refreshJwt: jwt({ sub: did, exp: exp + 86400 * 90, scope: "com.atproto.refresh" }),
    did,
    handle: "mallory.example.test",
    didDoc: { id: did, service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: pds }] },
  };
}

let t: TestApp;
let pdsInDidDoc = "";
const reached: string[] = [];

/** The stand-in internet, given both as the live fetch and under the guard: only the guard may stop a request. */
const internet: typeof fetch = async (input, init) => {
  const url = new URL(new Request(input, init).url);
  reached.push(url.toString());
  if (url.host === "closed.example.test:9200") throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
  if (url.pathname === "/xrpc/com.atproto.server.createSession") return Response.json(session(pdsInDidDoc));
  return new Response("not found", { status: 404 });
};

beforeAll(async () => {
  const guardedFetch = createGuardedFetch({
    resolve: async (hostname) => {
      const addresses = hosts[hostname];
      if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
      return addresses;
    },
    fetch: internet,
  });
  t = await createTestApp({ deps: { networks: testNetworkDeps({ liveFetch: internet, guardedFetch, blueskyServiceUrl: ENTRYWAY }) } });
});

describe("a Bluesky login whose DID document names a private PDS (live key)", () => {
  it.each(["http://127.0.0.1:2583", "https://127.0.0.1:2583", "https://2130706433", "https://[::1]:2583", "https://pds.attacker.example.test", "http://pds.attacker.example.test"])(
    "refuses %s with one generic error, sends it nothing and stores nothing",
    async (pds) => {
      pdsInDidDoc = pds;
      reached.length = 0;
      const ws = await testWorkspace(t, { mode: "live" });
      const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "mallory.example.test", appPassword: "aaaa-bbbb-cccc-dddd" });
      expect(response.status).toBe(400);
      expect(response.error).toMatchObject({ code: "url_unreachable", message: "The URL could not be fetched.", type: "invalid_request" });
      // Only the operator's entryway was reached; the session token never went to the named PDS.
      expect(reached).toEqual([`${ENTRYWAY}/xrpc/com.atproto.server.createSession`]);
      expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(0);
    },
  );
});

describe("PATCH /v1/social-accounts/{id}/profile image URLs", () => {
  async function bskyAccount() {
    const ws = await testWorkspace(t);
    const connected = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "alice.bsky.social", appPassword: "abcd-efgh-ijkl-mnop" });
    expect(connected.status, connected.text).toBe(201);
    const { id } = connected.body;
    return { ws, id };
  }

  it("answers a closed port on a public host and a loopback address identically (no port scanner)", async () => {
    const { ws, id } = await bskyAccount();
    const bodies: string[] = [];
    for (const avatarUrl of ["https://closed.example.test:9200/a.png", "https://127.0.0.1:6379/a.png", "https://2130706433:22/a.png", "https://images.example.test/missing.png"]) {
      const response = await ws.patch(`/v1/social-accounts/${id}/profile`, { avatarUrl });
      expect(response.status, avatarUrl).toBe(400);
      const { requestId: _requestId, ...error } = response.error;
      expect(error).toMatchObject({ code: "url_unreachable", param: "avatarUrl" });
      bodies.push(JSON.stringify(error));
    }
    expect(new Set(bodies).size).toBe(1);
  });
});
