import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import { facebookCapabilities, facebookScopes } from "../../src/networks/facebook/capabilities.js";
import { facebookErrorTable } from "../../src/networks/meta/facebook-errors.js";
import { classifyFailure } from "../../src/networks/http.js";
import type { SandboxPage } from "../../src/sandbox/meta/pages.js";
import { UNMATCHED_HEADER } from "../../src/sandbox/sandbox-fetch.js";
import { bench, connect, consent, facebookInstagramOrders, itClassifiesEveryGraphRow, rejectsWith } from "./facebook-helpers.js";
import { expectValidCapabilities } from "./harness.js";

/** Meta's own Graph node descriptions (test/fixtures/specs/meta-graph). */
const metaSpec = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/specs/meta-graph/specs/${name}`, import.meta.url), "utf8")) as unknown;
const pageNode = metaSpec("Page.json") as { apis: { method: string; endpoint: string; params: { name: string; required: boolean }[] }[] };
const metaEnums = metaSpec("enum_types.json") as { name: string; values: string[] }[];

describe("facebook capabilities", () => {
  it("match the public capability schema", () => {
    expectValidCapabilities(facebookCapabilities);
    expect(facebookAdapter.hosts).toEqual(["www.facebook.com", "graph.facebook.com", "rupload.facebook.com"]);
  });
});

describe.each(facebookInstagramOrders)("facebook adapter against the simulator (%s)", (_name, factories) => {
  it("connects through the login dialog and exchanges for a long-lived token", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const url = new URL(facebookAdapter.authorizeUrl?.({ state: "state-123", codeChallenge: "x", variant: null }, net) ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://www.facebook.com/v26.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "1234567890",
      redirect_uri: "https://chorus.test/v1/oauth/callback",
      state: "state-123",
      response_type: "code",
      scope: facebookScopes.join(","),
    });

    const tokens = await connect(facebookAdapter, net, "ada.lovelace");
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.scopes).toEqual([...facebookScopes]);
    // Long-lived: about 60 days from the (fixed) clock.
    expect(tokens.expiresAt).toBe(new Date(Date.parse("2026-10-01T12:00:00Z") + 5183944 * 1000).toISOString());

    const exchange = b.sent.filter((r) => r.url.pathname === "/v26.0/oauth/access_token");
    expect(exchange).toHaveLength(2);
    expect(exchange[0]?.method).toBe("GET");
    expect([...(exchange[0]?.url.searchParams.keys() ?? [])].sort()).toEqual(["client_id", "client_secret", "code", "redirect_uri"]);
    expect(exchange[1]?.url.searchParams.get("grant_type")).toBe("fb_exchange_token");

    const me = await facebookAdapter.identity(tokens, net);
    expect(me).toMatchObject({ handle: "Sandbox ada.lovelace", displayName: "Sandbox ada.lovelace" });
    expect(me.networkUserId).toMatch(/^\d{15}$/);
    expect(me.avatarUrl).toContain("sandbox.chorus.invalid");
  });

  it("uses the configured Graph version", async () => {
    const b = bench([...factories]);
    const net = b.net({ apiVersion: "v25.0" });
    const tokens = await connect(facebookAdapter, net, "grace");
    await facebookAdapter.identity(tokens, net);
    expect(b.sent.every((r) => r.url.host !== "graph.facebook.com" || r.url.pathname.startsWith("/v25.0/"))).toBe(true);
  });

  it("refreshes by re-exchanging a valid token, and needs reauth once it expired", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "grace");
    b.advance(30 * 86400);
    const refreshed = await facebookAdapter.refresh(tokens, net);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(Date.parse(refreshed.expiresAt ?? "")).toBeGreaterThan(Date.parse(tokens.expiresAt ?? ""));
    b.advance(61 * 86400);
    await rejectsWith(facebookAdapter.refresh(tokens, net), "needs_reauth");
    await rejectsWith(facebookAdapter.identity(tokens, net), "needs_reauth");
  });

  it("lists the managed pages as targets without asking for page tokens", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "pages.owner");
    const connected = b.sent.length;
    const targets = (await facebookAdapter.targets?.(tokens, net)) ?? [];
    expect(targets).toHaveLength(2);
    const main = targets.find((t) => t.name === "Sandbox pages.owner (sandbox page)");
    expect(main).toMatchObject({ kind: "page", details: { category: "Sandbox", followers: 0, tasks: "ADVERTISE,ANALYZE,CREATE_CONTENT,MESSAGING,MODERATE,MANAGE" } });
    expect(main?.id).toMatch(/^\d{15}$/);
    const read = b.sent.slice(connected).find((r) => r.url.pathname === "/v26.0/me/accounts");
    expect(read?.url.searchParams.get("fields")).not.toContain("access_token");
  });

  it("follows paging.next on the same host when a person manages many pages", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "many.pages");
    const [first] = await b.deps.store.list<SandboxPage>("facebook", "page");
    if (!first) throw new Error("no seeded page");
    for (let i = 0; i < 130; i++) {
      await b.deps.store.put("facebook", "page", `90000000000${String(i).padStart(4, "0")}`, { ...first.data, id: `90000000000${String(i).padStart(4, "0")}`, name: `Extra ${i}` }, first.owner);
    }
    const connected = b.sent.length;
    const targets = (await facebookAdapter.targets?.(tokens, net)) ?? [];
    expect(targets).toHaveLength(132);
    const reads = b.sent.slice(connected).filter((r) => r.url.pathname === "/v26.0/me/accounts");
    expect(reads).toHaveLength(2);
    expect(reads[1]?.url.searchParams.get("after")).toBeTruthy();
  });

  it("subscribes every page with its own page token", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "hooks");
    const result = await facebookAdapter.subscribeWebhook?.(tokens, ["feed", "mention", "messages"], net);
    const posts = b.sent.filter((r) => r.method === "POST" && r.url.pathname.endsWith("/subscribed_apps"));
    expect(posts).toHaveLength(2);
    // The pages subscribed are the objects Meta's page webhooks will name.
    expect(result).toEqual({ subscribed: true, fields: ["feed", "mention", "messages"], objects: posts.map((p) => p.url.pathname.split("/")[2]) });
    // Checked against Meta's own description of the Page node's `POST subscribed_apps` edge.
    const edge = pageNode.apis.find((a) => a.method === "POST" && a.endpoint === "subscribed_apps");
    const allowedFields = metaEnums.find((e) => e.name === "pagesubscribed_apps_subscribed_fields_enum_param")?.values ?? [];
    for (const post of posts) {
      expect(post.url.searchParams.get("subscribed_fields")).toBe("feed,mention,messages");
      expect(post.url.searchParams.get("access_token")).not.toBe(tokens.accessToken);
      const sent = [...post.url.searchParams.keys()].filter((k) => k !== "access_token");
      expect(sent.filter((k) => !edge?.params.some((p) => p.name === k))).toEqual([]);
      expect(
        edge?.params
          .filter((p) => p.required)
          .map((p) => p.name)
          .every((k) => sent.includes(k)),
      ).toBe(true);
      expect((post.url.searchParams.get("subscribed_fields") ?? "").split(",").filter((f) => !allowedFields.includes(f))).toEqual([]);
    }
    const pages = await b.deps.store.list<SandboxPage>("facebook", "page");
    expect(pages.every((p) => p.data.subscribedFields.join(",") === "feed,mention,messages")).toBe(true);
    await rejectsWith(facebookAdapter.subscribeWebhook?.(tokens, ["not_a_field"], net) ?? Promise.resolve(), "platform_rejected");
  });

  it("lists ad accounts with their status", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "ads");
    const accounts = (await facebookAdapter.adAccounts?.(tokens, net)) ?? [];
    expect(accounts).toEqual([{ id: expect.stringMatching(/^act_\d+$/), name: "Sandbox ads sandbox ad account", currency: "USD", status: "active" }]);
  });

  it("revokes the grant: user and page tokens stop working", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "leaver");
    await facebookAdapter.revoke?.(tokens, net);
    expect(b.sent.at(-1)?.method).toBe("DELETE");
    await rejectsWith(facebookAdapter.identity(tokens, net), "needs_reauth");
  });

  it("answers each fault with Facebook's own error", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const sim = b.sims.find((s) => s.platform === "facebook");
    if (!sim) throw new Error("no facebook simulator");
    const tokens = await connect(facebookAdapter, net, "faulty");

    await b.setFault(sim, "faulty", "expired_token");
    await rejectsWith(facebookAdapter.identity(tokens, net), "needs_reauth");
    await rejectsWith(facebookAdapter.refresh(tokens, net), "needs_reauth");

    await b.setFault(sim, "faulty", "revoked_permission");
    await expect(facebookAdapter.identity(tokens, net)).resolves.toMatchObject({ handle: "Sandbox faulty" });
    await rejectsWith(facebookAdapter.targets?.(tokens, net) ?? Promise.resolve(), "missing_permission");

    await b.setFault(sim, "faulty", "rate_limited");
    await rejectsWith(facebookAdapter.targets?.(tokens, net) ?? Promise.resolve(), "rate_limited");

    await b.setFault(sim, "faulty", "down");
    const down = facebookAdapter.identity(tokens, net);
    await rejectsWith(down, "platform_unavailable");

    await b.setFault(sim, "faulty", "slow");
    await expect(facebookAdapter.identity(tokens, net)).resolves.toMatchObject({ handle: "Sandbox faulty" });
  });

  it("refuses a used code and unknown tokens, marking foreign requests unmatched", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const code = await consent(facebookAdapter, net, "twice");
    await facebookAdapter.exchangeCode?.({ code, codeVerifier: "", variant: null }, net);
    await rejectsWith(facebookAdapter.exchangeCode?.({ code, codeVerifier: "", variant: null }, net) ?? Promise.resolve(), "platform_rejected");
    const stranger = { accessToken: "EAA_not_issued", refreshToken: null, expiresAt: null, refreshExpiresAt: null, scopes: [], extra: {} };
    await rejectsWith(facebookAdapter.identity(stranger, net), "needs_reauth");
    for (const sim of b.sims) {
      const answer = await sim.app.fetch(new Request("https://graph.facebook.com/v26.0/me?access_token=EAA_not_issued"));
      expect(answer.headers.has(UNMATCHED_HEADER)).toBe(true);
    }
  });
});

describe("facebook error table", () => {
  const now = new Date("2026-10-01T12:00:00Z");
  itClassifiesEveryGraphRow(facebookErrorTable, now);

  it("passes unrecognised refusals through with the network's message and no fix", () => {
    const error = classifyFailure(facebookErrorTable, { status: 400, headers: new Headers(), body: { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } } }, now);
    expect(error).toMatchObject({ code: "platform_rejected", message: "(#100) Invalid parameter", fix: null });
  });
});
