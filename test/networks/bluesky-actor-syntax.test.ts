import { describe, expect, it } from "vitest";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import { BLUESKY_DEFAULT_SERVICE_URL } from "../../src/networks/bluesky/capabilities.js";
import { createBlueskySimulator } from "../../src/sandbox/bluesky/simulator.js";
import { createSandbox, required } from "./harness.js";

/**
 * The simulated AppView checks `actor` as the lexicons' at-identifier format, before looking for
 * anyone: a name that is no domain (and no DID) is the XRPC server's InvalidRequest, on profile
 * lookup and author feed alike, as on Bluesky.
 */
describe("the simulated AppView refuses a malformed actor as Bluesky does", () => {
  it("getProfile and getAuthorFeed both answer InvalidRequest for sample_bluesky, and find a domain handle", async () => {
    const ctx = createSandbox([createBlueskySimulator], { start: "2026-11-20T10:00:00.000Z", config: { clientId: "", clientSecret: "", redirectUri: "" } });
    const simulator = ctx.sims[0];
    if (!simulator) throw new Error("no simulator");
    expect(simulator.handleProblem?.("sample_bluesky")).toEqual(expect.stringContaining("domain name"));
    expect(simulator.handleProblem?.("sample.bsky.social")).toBeNull();
    await simulator.seedAccount({ handle: "sample.bsky.social", password: "abcd-efgh-ijkl-mnop" });
    const tokens = await required(blueskyAdapter, "loginWithPassword")({ identifier: "sample.bsky.social", password: "abcd-efgh-ijkl-mnop" }, ctx.net);
    const read = (nsid: string, actor: string) =>
      ctx.sandboxFetch(`${BLUESKY_DEFAULT_SERVICE_URL}/xrpc/${nsid}?actor=${encodeURIComponent(actor)}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    for (const nsid of ["app.bsky.actor.getProfile", "app.bsky.feed.getAuthorFeed"]) {
      const bad = await read(nsid, "sample_bluesky");
      expect(bad.status, nsid).toBe(400);
      expect(await bad.json()).toEqual({ error: "InvalidRequest", message: "Error: actor must be a valid did or a handle" });
      expect((await read(nsid, "sample.bsky.social")).status, nsid).toBe(200);
    }
  });
});
