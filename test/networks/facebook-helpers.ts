import { expect } from "vitest";
import type { ErrorTable } from "../../src/networks/http.js";
import type { NetworkAdapter, NetworkConfig, NetworkContext, TokenSet } from "../../src/networks/types.js";
import { createMemorySandboxStore } from "../../src/sandbox/memory-store.js";
import { createSandboxFetch } from "../../src/sandbox/sandbox-fetch.js";
import type { SandboxAccount, SandboxFault, Simulator, SimulatorDeps, SimulatorFactory } from "../../src/sandbox/types.js";

/**
 * Test bench shared by the Meta-family network tests (Facebook, Instagram, Threads): a sandbox
 * with a settable clock, requests recorded as the adapter sent them, and the consent dance a
 * person would do in the browser.
 */
export interface Bench {
  deps: SimulatorDeps;
  sims: Simulator[];
  net: (config?: Partial<NetworkConfig>) => NetworkContext;
  /** Every request the adapter sent, in order. */
  sent: { method: string; url: URL; body: string }[];
  advance: (seconds: number) => void;
  setFault: (sim: Simulator, handle: string, fault: SandboxFault | null) => Promise<SandboxAccount>;
}

export function bench(factories: SimulatorFactory[]): Bench {
  let now = new Date("2026-10-01T12:00:00Z");
  const clock = () => now;
  const deps: SimulatorDeps = { store: createMemorySandboxStore(clock), now: clock, publicUrl: "http://localhost:8787", sleep: async () => {} };
  const sims = factories.map((make) => make(deps));
  const sandboxFetch = createSandboxFetch(sims);
  const sent: Bench["sent"] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: new URL(request.url), body: request.body ? await request.clone().text() : "" });
    return sandboxFetch(request);
  };
  return {
    deps,
    sims,
    sent,
    net: (config = {}) => ({
      fetch: recording,
      now: clock,
      config: { clientId: "1234567890", clientSecret: "sandbox-secret", redirectUri: "https://chorus.test/v1/oauth/callback", ...config },
    }),
    advance: (seconds) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
    setFault: async (sim, handle, fault) => {
      const account = await sim.seedAccount({ handle });
      const updated = { ...account, fault };
      await deps.store.put(sim.platform, "account", account.id, updated, account.id);
      return updated;
    },
  };
}

/** Opens the consent page, approves as `handle`, and returns the code from the redirect. */
export async function consent(net: NetworkContext, authorizeUrl: string, handle: string): Promise<string> {
  const page = await net.fetch(authorizeUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Sandbox");
  const approved = await net.fetch(authorizeUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ handle, decision: "approve" }).toString(),
  });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(net.config.redirectUri);
  expect(back.searchParams.get("state")).toBe("state-123");
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  return code ?? "";
}

export async function connect(adapter: NetworkAdapter, net: NetworkContext, handle: string, variant: string | null = null): Promise<TokenSet> {
  const authorizeUrl = adapter.authorizeUrl?.({ state: "state-123", codeChallenge: "unused-challenge", variant }, net) ?? "";
  const code = await consent(net, authorizeUrl, handle);
  const tokens = await adapter.exchangeCode?.({ code, codeVerifier: "unused-verifier", variant }, net);
  if (!tokens) throw new Error("exchangeCode missing");
  return tokens;
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
