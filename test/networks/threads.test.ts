import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../src/networks/http.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import { threadsCapabilities, threadsScopes } from "../../src/networks/threads/capabilities.js";
import { threadsErrorTable } from "../../src/networks/threads/errors.js";
import { UNMATCHED_HEADER } from "../../src/sandbox/sandbox-fetch.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import { bench, connect, consent, itClassifiesEveryGraphRow, rejectsWith } from "./facebook-helpers.js";
import { expectValidCapabilities } from "./harness.js";

describe("threads capabilities", () => {
  it("match the public capability schema", () => {
    expectValidCapabilities(threadsCapabilities);
    expect(threadsCapabilities.text).toMatchObject({ maxLength: 500 });
    expect(threadsAdapter.hosts).toEqual(["threads.net", "graph.threads.net"]);
    // No revoke endpoint, no per-account webhooks, no pages.
    expect(threadsAdapter.revoke).toBeUndefined();
    expect(threadsAdapter.subscribeWebhook).toBeUndefined();
    expect(threadsAdapter.targets).toBeUndefined();
  });
});

describe("threads adapter against the simulator", () => {
  it("connects, exchanges for a long-lived token and reads the profile", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const url = new URL(threadsAdapter.authorizeUrl?.({ state: "state-123", codeChallenge: "x", variant: null }, net) ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://threads.net/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "1234567890",
      redirect_uri: "https://chorus.test/v1/oauth/callback",
      scope: threadsScopes.join(","),
      response_type: "code",
      state: "state-123",
    });

    const tokens = await connect(threadsAdapter, net, "thread.writer");
    const exchange = b.sent.find((r) => r.url.pathname === "/oauth/access_token");
    expect(exchange?.method).toBe("POST");
    expect(exchange?.url.host).toBe("graph.threads.net");
    expect([...new URLSearchParams(exchange?.body).keys()].sort()).toEqual(["client_id", "client_secret", "code", "grant_type", "redirect_uri"]);
    const long = b.sent.find((r) => r.url.pathname === "/access_token");
    expect(long?.url.searchParams.get("grant_type")).toBe("th_exchange_token");
    expect(tokens).toMatchObject({ refreshToken: null, scopes: [...threadsScopes], extra: { userId: expect.stringMatching(/^\d{17}$/) } });
    expect(tokens.expiresAt).toBe(new Date(Date.parse("2026-10-01T12:00:00Z") + 5183944 * 1000).toISOString());

    const me = await threadsAdapter.identity(tokens, net);
    expect(me).toEqual({ networkUserId: tokens.extra.userId, handle: "thread.writer", displayName: "Sandbox thread.writer", avatarUrl: expect.stringContaining("sandbox.chorus.invalid") });
    expect(b.sent.at(-1)?.url.pathname).toBe("/v1.0/me");
  });

  it("reads the live publishing limit", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const tokens = await connect(threadsAdapter, net, "quota");
    expect(await threadsAdapter.allowance?.(tokens, net)).toEqual({ used: 1, limit: 250, remaining: 249, windowHours: 24, source: "network" });
    const read = b.sent.at(-1);
    expect(read?.url.pathname).toBe(`/v1.0/${tokens.extra.userId}/threads_publishing_limit`);
    expect(read?.url.searchParams.get("fields")).toBe("quota_usage,config");
    // A day later the post has left the rolling window.
    b.advance(86401);
    expect(await threadsAdapter.allowance?.(tokens, net)).toMatchObject({ used: 0, remaining: 250 });
  });

  it("refreshes with th_refresh_token; an expired token needs a new login", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const tokens = await connect(threadsAdapter, net, "refresher");
    b.advance(3 * 86400);
    const refreshed = await threadsAdapter.refresh(tokens, net);
    expect(b.sent.at(-1)?.url.searchParams.get("grant_type")).toBe("th_refresh_token");
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.extra).toEqual(tokens.extra);
    b.advance(58 * 86400);
    await rejectsWith(threadsAdapter.refresh(tokens, net), "needs_reauth");
    await expect(threadsAdapter.identity(refreshed, net)).resolves.toMatchObject({ handle: "refresher" });
  });

  it("refuses a code twice and marks unknown paths unmatched", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const code = await consent(threadsAdapter, net, "twice");
    await threadsAdapter.exchangeCode?.({ code, codeVerifier: "", variant: null }, net);
    await rejectsWith(threadsAdapter.exchangeCode?.({ code, codeVerifier: "", variant: null }, net) ?? Promise.resolve(), "platform_rejected");
    const sim = b.sims[0];
    const answer = await sim?.app.fetch(new Request("https://graph.threads.net/v1.0/nowhere/at/all"));
    expect(answer?.headers.has(UNMATCHED_HEADER)).toBe(true);
  });

  it("answers each fault with Threads' own error", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const tokens = await connect(threadsAdapter, net, "faulty.threads");
    const sim = b.sims[0];
    if (!sim) throw new Error("no simulator");
    await b.setFault(sim, "faulty.threads", "expired_token");
    await rejectsWith(threadsAdapter.identity(tokens, net), "needs_reauth");
    await rejectsWith(threadsAdapter.refresh(tokens, net), "needs_reauth");
    await b.setFault(sim, "faulty.threads", "revoked_permission");
    await expect(threadsAdapter.identity(tokens, net)).resolves.toMatchObject({ handle: "faulty.threads" });
    await rejectsWith(threadsAdapter.allowance?.(tokens, net) ?? Promise.resolve(), "missing_scope");
    await b.setFault(sim, "faulty.threads", "rate_limited");
    await rejectsWith(threadsAdapter.identity(tokens, net), "rate_limited");
    await b.setFault(sim, "faulty.threads", "down");
    await rejectsWith(threadsAdapter.allowance?.(tokens, net) ?? Promise.resolve(), "platform_unavailable");
    await b.setFault(sim, "faulty.threads", "slow");
    await expect(threadsAdapter.identity(tokens, net)).resolves.toMatchObject({ handle: "faulty.threads" });
  });
});

describe("threads error table", () => {
  const now = new Date("2026-10-01T12:00:00Z");
  itClassifiesEveryGraphRow(threadsErrorTable, now);

  it("reports a missing permission as missing_scope, not the page network's missing_permission", () => {
    const error = classifyFailure(
      threadsErrorTable,
      { status: 403, headers: new Headers(), body: { error: { message: "(#10) Application does not have permission for this action", type: "OAuthException", code: 10 } } },
      now,
    );
    expect(error.code).toBe("missing_scope");
  });
});
