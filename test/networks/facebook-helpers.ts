import { expect, it } from "vitest";
import type { ErrorTable } from "../../src/networks/http.js";
import type { NetworkAdapter, NetworkConfig, NetworkContext, TokenSet } from "../../src/networks/types.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import type { SandboxAccount, SandboxFault, Simulator, SimulatorDeps, SimulatorFactory } from "../../src/sandbox/types.js";
import { consentCode, connectThroughConsent, createSandbox, expectClassified, setSandboxFault } from "./harness.js";

/**
 * Test bench shared by the Meta-family network tests (Facebook, Instagram, Threads), on the
 * shared sandbox harness: Meta's app credentials, requests as URLs, time moved in seconds, and
 * Graph error bodies for the error-table rows.
 */
export interface Bench {
  deps: SimulatorDeps;
  sims: Simulator[];
  net: (config?: Partial<NetworkConfig>) => NetworkContext;
  /** Every request the adapter sent, in order. */
  readonly sent: { method: string; url: URL; body: string; headers: Record<string, string> }[];
  advance: (seconds: number) => void;
  setFault: (sim: Simulator, handle: string, fault: SandboxFault | null) => Promise<SandboxAccount>;
}

/** Both simulators serve graph.facebook.com and www.facebook.com; tests run in both router orders. */
export const facebookInstagramOrders = [
  ["facebook first", [createFacebookSimulator, createInstagramSimulator]],
  ["instagram first", [createInstagramSimulator, createFacebookSimulator]],
] as const;

const metaConfig: NetworkConfig = { clientId: "1234567890", clientSecret: "sandbox-secret", redirectUri: "https://chorus.test/v1/oauth/callback" };

export function bench(factories: readonly SimulatorFactory[]): Bench {
  const sandbox = createSandbox(factories, { start: "2026-10-01T12:00:00Z", config: metaConfig });
  return {
    deps: sandbox.deps,
    sims: sandbox.sims,
    get sent() {
      return sandbox.requests.map((r) => ({ method: r.method, url: new URL(r.url), body: r.body ?? "", headers: r.headers }));
    },
    net: (config = {}) => sandbox.netWith({ ...metaConfig, ...config }),
    advance: (seconds) => sandbox.advance(seconds * 1000),
    setFault: (sim, handle, fault) => setSandboxFault(sandbox.store, sim.platform, { handle }, fault),
  };
}

/** Opens the adapter's consent page, approves as `handle`, and returns the code from the redirect. */
export async function consent(adapter: NetworkAdapter, net: NetworkContext, handle: string, variant: string | null = null): Promise<string> {
  return (await consentCode(adapter, net, { handle, variant, pageText: "Sandbox" })).code;
}

export async function connect(adapter: NetworkAdapter, net: NetworkContext, handle: string, variant: string | null = null): Promise<TokenSet> {
  return (await connectThroughConsent(adapter, net, { handle, variant, pageText: "Sandbox" })).tokens;
}

/** Expects `promise` to reject with an ApiError of `code`. */
export async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ name: "ApiError", code });
}

/** A realistic Graph error body for one error-table row. */
export function graphFailure(row: ErrorTable["rows"][number]) {
  const code = Number(row.networkCode ?? "100");
  const error: Record<string, unknown> = { message: `(#${code}) ${row.meaning}`, type: "OAuthException", code, fbtrace_id: "AbCdEfGhIjK" };
  if (row.subcode !== undefined) error.error_subcode = Number(row.subcode);
  return { status: row.status ?? (code === 1 || code === 2 ? 500 : 400), headers: new Headers({ "content-type": "application/json" }), body: { error } };
}

/** One test per row of a Graph-style error table: the row's Graph error body gets the row's code. */
export function itClassifiesEveryGraphRow(table: ErrorTable, now: Date): void {
  it.each(table.rows.map((row) => [row.networkCode ?? "-", row.subcode ?? "-", row.code, row] as const))("code %s subcode %s -> %s", (_code, _subcode, expected, row) => {
    expectClassified(table, graphFailure(row), expected, { now });
  });
}
