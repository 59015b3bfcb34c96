import { describe, expect, it, vi } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { SandboxStore } from "../../src/sandbox/types.js";
import { bench, connect, facebookInstagramOrders } from "./facebook-helpers.js";
import { required } from "./harness.js";

/**
 * graph.facebook.com is served by two simulators: each asks whether a call's token is its own
 * before one claims the call, and the one that claims it then authenticates it. The claim's read
 * is the authentication's: one read of the token per call for the platform that answers, as
 * Graph checks a token once per call; the other simulator's miss is its only read.
 */

/** How many times a platform's tokens are read from now on, through either of the store's reads. */
function tokenReads(store: SandboxStore): (platform: PlatformId) => number {
  const get = vi.spyOn(store, "get");
  const getLinked = vi.spyOn(store, "getLinked");
  const calls = (): [PlatformId, string][] => [...get.mock.calls, ...getLinked.mock.calls].map(([platform, kind]) => [platform, kind]);
  return (platform) => calls().filter(([p, kind]) => p === platform && kind === "token").length;
}

describe.each(facebookInstagramOrders)("token reads per Graph call (%s)", (_, factories) => {
  it("reads a Facebook call's token once, claim and authentication together", async () => {
    const b = bench(factories);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "reads.page");
    const pageId = (await required(facebookAdapter, "targets")(tokens, net)).find((t) => t.name.endsWith("(sandbox page)"))?.id ?? "";
    const reads = tokenReads(b.deps.store);
    const before = b.sent.length;
    const result = await required(facebookAdapter, "publish")(tokens, { text: "Counted", media: [], options: {}, destination: pageId, targetId: "tgt_reads" }, net);
    expect(result).toMatchObject({ state: "published" });
    const calls = b.sent.length - before;
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(reads("facebook")).toBe(calls);
    // Instagram's claim looks first in this order and misses once per call; otherwise it is never asked.
    expect(reads("instagram")).toBe(b.sims[0]?.platform === "instagram" ? calls : 0);
  });

  it("reads an Instagram call's token once for Instagram, whichever simulator is asked first", async () => {
    const b = bench(factories);
    const net = b.net();
    const tokens = await connect(instagramAdapter, net, "reads.ig", "facebook_login");
    const reads = tokenReads(b.deps.store);
    const before = b.sent.length;
    await required(instagramAdapter, "identity")(tokens, net);
    const calls = b.sent.length - before;
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(reads("instagram")).toBe(calls);
    expect(reads("facebook")).toBe(b.sims[0]?.platform === "facebook" ? calls : 0);
  });
});
