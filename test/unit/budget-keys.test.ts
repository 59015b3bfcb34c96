import { describe, expect, it } from "vitest";
import { networkDepsFromEnv } from "../../src/config/network-env.js";
import { budgetOf } from "../../src/domain/accounts/budgets/budget-ledger.js";
import type { SocialAccountRow } from "../../src/domain/accounts/index.js";
import type { DomainContext } from "../../src/domain/core/index.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";

/** Which budget a call spends: the app in use (hashed when it is a workspace's own), and Bluesky's PDS. */
const now = new Date("2026-11-21T12:00:00Z");
const ctx = (workspace: string, budgetCaps?: Record<string, number>) =>
  ({
    workspace: { id: workspace },
    clock: { now: () => now },
    services: { networks: { appCredentials: { youtube: { clientId: "deployment-app", clientSecret: "s" } }, budgetCaps } },
  }) as unknown as DomainContext;
const row = (platform: string, mode: "test" | "live") => ({ platform, mode }) as unknown as SocialAccountRow;
const net = (clientId: string) => ({ config: { clientId, clientSecret: "x", redirectUri: "", serviceUrl: "https://bsky.social" } }) as unknown as NetworkContext;
const tokens = (extra: TokenSet["extra"] = {}): TokenSet => ({ accessToken: "a", refreshToken: null, expiresAt: null, refreshExpiresAt: null, scopes: [], extra });

describe("network budget keys", () => {
  it("the deployment's app is one budget for every workspace; a workspace's own app is its own, named by a hash", async () => {
    const shared = await budgetOf(ctx("ws_a"), row("youtube", "live"), tokens(), net("deployment-app"));
    expect(shared).toMatchObject({ key: "youtube:deployment", owner: null, cap: 10_000, backgroundCap: 7_000 });
    expect((await budgetOf(ctx("ws_b"), row("youtube", "live"), tokens(), net("deployment-app")))?.key).toBe("youtube:deployment");
    const own = await budgetOf(ctx("ws_a"), row("youtube", "live"), tokens(), net("my-google-project.apps.googleusercontent.com"));
    expect(own?.key).toMatch(/^youtube:byo:[0-9a-f]{24}$/);
    expect(own?.key).not.toContain("my-google-project");
    expect(own?.owner).toBe("ws_a");
    expect(own?.window).toEqual({ start: new Date("2026-11-21T08:00:00Z"), end: new Date("2026-11-22T08:00:00Z") });
  });

  it("test-mode calls spend the workspace's sandbox budget; the operator's cap replaces the network's", async () => {
    expect(await budgetOf(ctx("ws_a", { youtube: 1_000_000 }), row("youtube", "test"), tokens(), net("chorus-sandbox-youtube"))).toMatchObject({
      key: "youtube:test:ws_a",
      owner: "ws_a",
      cap: 1_000_000,
      backgroundCap: 700_000,
    });
  });

  it("Bluesky budgets are per PDS host; networks without a budget keep none", async () => {
    const pds = await budgetOf(ctx("ws_a"), row("bluesky", "live"), tokens({ pdsUrl: "https://morel.us-east.host.bsky.network" }), net(""));
    expect(pds).toMatchObject({ key: "bluesky:deployment:morel.us-east.host.bsky.network", owner: null, cap: 3_000, backgroundCap: 2_100 });
    expect(pds && pds.window.end.getTime() - pds.window.start.getTime()).toBe(300_000);
    expect((await budgetOf(ctx("ws_a"), row("bluesky", "live"), tokens(), net("")))?.key).toBe("bluesky:deployment:bsky.social");
    expect(await budgetOf(ctx("ws_a"), row("pinterest", "live"), tokens(), net("p"))).toBeNull();
  });

  it("CHORUS_<NETWORK>_BUDGET sets a cap; a malformed one, or one for a network without a budget, stops the server", () => {
    const fetchStub = (() => Promise.reject(new Error("no"))) as unknown as typeof fetch;
    const guard = fetchStub as never;
    expect(networkDepsFromEnv({ CHORUS_TWITTER_BUDGET: "20000" }, fetchStub, guard).budgetCaps).toEqual({ twitter: 20_000 });
    expect(() => networkDepsFromEnv({ CHORUS_TWITTER_BUDGET: "20k" }, fetchStub, guard)).toThrow(/CHORUS_TWITTER_BUDGET: a whole number of billed reads/);
    expect(() => networkDepsFromEnv({ CHORUS_PINTEREST_BUDGET: "5" }, fetchStub, guard)).toThrow(/keeps no per-app budget/);
  });
});
