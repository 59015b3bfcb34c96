import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../src/networks/http.js";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import { instagramCapabilities, instagramFacebookLoginScopes, instagramLoginScopes } from "../../src/networks/instagram/capabilities.js";
import { instagramErrorTable } from "../../src/networks/instagram/errors.js";
import type { SandboxPage } from "../../src/sandbox/meta/pages.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import { bench, connect, consent, facebookInstagramOrders, itClassifiesEveryGraphRow, rejectsWith, type Bench } from "./facebook-helpers.js";
import { expectValidCapabilities } from "./harness.js";

const instagramSim = (b: Bench) => {
  const sim = b.sims.find((s) => s.platform === "instagram");
  if (!sim) throw new Error("no instagram simulator");
  return sim;
};

describe("instagram capabilities", () => {
  it("match the public capability schema and list both doors", () => {
    expectValidCapabilities(instagramCapabilities);
    expect(instagramCapabilities.connect.variants).toEqual(["facebook_login", "instagram_login"]);
    expect(instagramCapabilities.media.aspectRatio).toEqual({ min: 0.8, max: 1.91 });
  });

  it("refuses an unknown variant", () => {
    const net = bench([createInstagramSimulator]).net();
    expect(() => instagramAdapter.authorizeUrl?.({ state: "s", codeChallenge: "c", variant: "tiktok_login" }, net)).toThrow(expect.objectContaining({ code: "field_invalid", param: "variant" }));
  });
});

describe("instagram adapter, Instagram-login door", () => {
  it("connects through www.instagram.com and api.instagram.com and records the door", async () => {
    const b = bench([createInstagramSimulator]);
    const net = b.net();
    const url = new URL(instagramAdapter.authorizeUrl?.({ state: "state-123", codeChallenge: "x", variant: "instagram_login" }, net) ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://www.instagram.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      enable_fb_login: "0",
      force_authentication: "1",
      client_id: "1234567890",
      redirect_uri: "https://chorus.test/v1/oauth/callback",
      response_type: "code",
      scope: instagramLoginScopes.join(","),
      state: "state-123",
    });

    const tokens = await connect(instagramAdapter, net, "studio.sandbox", "instagram_login");
    const exchange = b.sent.find((r) => r.url.host === "api.instagram.com");
    expect(exchange?.method).toBe("POST");
    expect([...new URLSearchParams(exchange?.body).keys()].sort()).toEqual(["client_id", "client_secret", "code", "grant_type", "redirect_uri"]);
    expect(b.sent.some((r) => r.url.host === "graph.instagram.com" && r.url.pathname === "/access_token" && r.url.searchParams.get("grant_type") === "ig_exchange_token")).toBe(true);
    expect(tokens.extra).toEqual({ door: "instagram_login", igUserId: expect.stringMatching(/^17841\d{12}$/) });
    expect(tokens.scopes).toEqual([...instagramLoginScopes]);
    expect(tokens.refreshToken).toBeNull();

    const me = await instagramAdapter.identity(tokens, net);
    expect(me).toEqual({ networkUserId: tokens.extra.igUserId, handle: "studio.sandbox", displayName: "Sandbox studio.sandbox", avatarUrl: expect.stringContaining("sandbox.chorus.invalid") });

    const allowance = await instagramAdapter.allowance?.(tokens, net);
    expect(allowance).toEqual({ used: 1, limit: 100, remaining: 99, windowHours: 24, source: "network" });
    expect(b.sent.at(-1)?.url.toString()).toContain(`https://graph.instagram.com/v26.0/${tokens.extra.igUserId}/content_publishing_limit?fields=quota_usage%2Cconfig`);

    const hook = await instagramAdapter.subscribeWebhook?.(tokens, ["feed", "mention", "messages"], net);
    expect(hook).toEqual({ subscribed: true, fields: ["comments", "mentions", "messages"] });
    expect(b.sent.at(-1)).toMatchObject({ method: "POST", url: expect.objectContaining({ host: "graph.instagram.com", pathname: "/v26.0/me/subscribed_apps" }) });

    await rejectsWith(instagramAdapter.brandedPartners?.(tokens, net) ?? Promise.resolve(), "photo_page_door_required");
    await rejectsWith(instagramAdapter.adAccounts?.(tokens, net) ?? Promise.resolve(), "photo_page_door_required");

    const before = b.sent.length;
    await instagramAdapter.revoke?.(tokens, net);
    expect(b.sent.length).toBe(before);
  });

  it("refreshes with ig_refresh_token and refuses an expired token", async () => {
    const b = bench([createInstagramSimulator]);
    const net = b.net();
    const tokens = await connect(instagramAdapter, net, "refresher", "instagram_login");
    b.advance(2 * 86400);
    const refreshed = await instagramAdapter.refresh(tokens, net);
    expect(b.sent.at(-1)?.url.pathname).toBe("/refresh_access_token");
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.extra).toEqual(tokens.extra);
    // Day 61: the original 60-day token is dead, the refreshed one (day 2 + 60) still lives.
    b.advance(59 * 86400);
    await rejectsWith(instagramAdapter.refresh(tokens, net), "needs_reauth");
    await expect(instagramAdapter.identity(refreshed, net)).resolves.toMatchObject({ handle: "refresher" });
  });

  it("answers each fault with Instagram's own error", async () => {
    const b = bench([createInstagramSimulator]);
    const net = b.net();
    const tokens = await connect(instagramAdapter, net, "faulty.ig", "instagram_login");
    const sim = instagramSim(b);
    await b.setFault(sim, "faulty.ig", "expired_token");
    await rejectsWith(instagramAdapter.identity(tokens, net), "needs_reauth");
    await b.setFault(sim, "faulty.ig", "revoked_permission");
    await expect(instagramAdapter.identity(tokens, net)).resolves.toMatchObject({ handle: "faulty.ig" });
    await rejectsWith(instagramAdapter.allowance?.(tokens, net) ?? Promise.resolve(), "missing_permission");
    await b.setFault(sim, "faulty.ig", "rate_limited");
    await rejectsWith(instagramAdapter.allowance?.(tokens, net) ?? Promise.resolve(), "rate_limited");
    await b.setFault(sim, "faulty.ig", "down");
    await rejectsWith(instagramAdapter.identity(tokens, net), "platform_unavailable");
    await b.setFault(sim, "faulty.ig", "slow");
    await expect(instagramAdapter.allowance?.(tokens, net)).resolves.toMatchObject({ used: 1 });
  });
});

describe.each(facebookInstagramOrders)("instagram adapter, Facebook-login door (%s)", (_name, factories) => {
  it("connects through the Facebook dialog, finds the linked account and reads on graph.facebook.com", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const url = new URL(instagramAdapter.authorizeUrl?.({ state: "state-123", codeChallenge: "x", variant: "facebook_login" }, net) ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://www.facebook.com/v26.0/dialog/oauth");
    expect(url.searchParams.get("scope")).toBe(instagramFacebookLoginScopes.join(","));

    const tokens = await connect(instagramAdapter, net, "brand.sandbox", "facebook_login");
    expect(tokens.extra).toEqual({ door: "facebook_login", igUserId: expect.stringMatching(/^17841\d{12}$/), pageId: expect.stringMatching(/^\d{15}$/) });
    expect(tokens.scopes).toEqual([...instagramFacebookLoginScopes]);
    expect(b.sent.filter((r) => r.url.host !== "www.facebook.com").every((r) => r.url.host === "graph.facebook.com")).toBe(true);

    expect(await instagramAdapter.identity(tokens, net)).toMatchObject({ networkUserId: tokens.extra.igUserId, handle: "brand.sandbox" });
    expect(await instagramAdapter.allowance?.(tokens, net)).toEqual({ used: 1, limit: 100, remaining: 99, windowHours: 24, source: "network" });

    const partners = (await instagramAdapter.brandedPartners?.(tokens, net)) ?? [];
    expect(partners.map((p) => [p.handle, p.canPromote]).sort()).toEqual([
      ["sandbox.creator.one", true],
      ["sandbox.creator.two", false],
    ]);
    const check = b.sent.find((r) => r.url.pathname.endsWith("/branded_content_tag_approval"));
    expect(check?.url.searchParams.get("user_ids")?.split(",")).toHaveLength(3);

    expect(await instagramAdapter.adAccounts?.(tokens, net)).toEqual([{ id: expect.stringMatching(/^act_/), name: "Sandbox brand.sandbox sandbox ad account", currency: "USD", status: "active" }]);

    const hook = await instagramAdapter.subscribeWebhook?.(tokens, ["feed", "messages"], net);
    expect(hook).toEqual({ subscribed: true, fields: ["feed", "messages"] });
    const install = b.sent.at(-1);
    expect(install?.url.pathname).toBe(`/v26.0/${tokens.extra.pageId}/subscribed_apps`);
    expect(install?.url.searchParams.get("access_token")).not.toBe(tokens.accessToken);
    const page = await b.deps.store.get<SandboxPage>("instagram", "page", String(tokens.extra.pageId));
    expect(page?.data.subscribedFields).toEqual(["feed", "messages"]);
  });

  it("keeps the doors apart: revoking the Facebook grant leaves the Instagram-login grant working", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const viaFacebook = await connect(instagramAdapter, net, "two.doors", "facebook_login");
    const viaInstagram = await connect(instagramAdapter, net, "two.doors", "instagram_login");
    expect(viaFacebook.extra.igUserId).toBe(viaInstagram.extra.igUserId);
    // A token from one door is not accepted on the other door's host.
    await rejectsWith(instagramAdapter.identity({ ...viaInstagram, extra: viaFacebook.extra }, net), "needs_reauth");
    await rejectsWith(instagramAdapter.identity({ ...viaFacebook, extra: viaInstagram.extra }, net), "needs_reauth");

    await instagramAdapter.revoke?.(viaFacebook, net);
    await rejectsWith(instagramAdapter.identity(viaFacebook, net), "needs_reauth");
    await expect(instagramAdapter.identity(viaInstagram, net)).resolves.toMatchObject({ handle: "two.doors" });
  });

  it("refreshes by re-exchanging and maps faults", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(instagramAdapter, net, "faulty.brand", "facebook_login");
    const refreshed = await instagramAdapter.refresh(tokens, net);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(b.sent.at(-1)?.url.searchParams.get("grant_type")).toBe("fb_exchange_token");
    const sim = instagramSim(b);
    await b.setFault(sim, "faulty.brand", "expired_token");
    await rejectsWith(instagramAdapter.refresh(tokens, net), "needs_reauth");
    await b.setFault(sim, "faulty.brand", "revoked_permission");
    await rejectsWith(instagramAdapter.brandedPartners?.(tokens, net) ?? Promise.resolve(), "missing_permission");
    await b.setFault(sim, "faulty.brand", "rate_limited");
    await rejectsWith(instagramAdapter.identity(tokens, net), "rate_limited");
    await b.setFault(sim, "faulty.brand", "down");
    await rejectsWith(instagramAdapter.allowance?.(tokens, net) ?? Promise.resolve(), "platform_unavailable");
  });

  it("says so when no Page links an Instagram account", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const code = await consent(instagramAdapter, net, "no.link", "facebook_login");
    for (const page of await b.deps.store.list<SandboxPage>("instagram", "page")) {
      const { instagramUserId: _dropped, ...unlinked } = page.data;
      await b.deps.store.put("instagram", "page", page.id, unlinked, page.owner);
    }
    await rejectsWith(instagramAdapter.exchangeCode?.({ code, codeVerifier: "", variant: "facebook_login" }, net) ?? Promise.resolve(), "no_channels");
  });
});

describe("instagram error table", () => {
  const now = new Date("2026-10-01T12:00:00Z");
  itClassifiesEveryGraphRow(instagramErrorTable, now);

  it("reads a real publishing-limit refusal and the legacy api.instagram.com shape", () => {
    const limit = classifyFailure(
      instagramErrorTable,
      {
        status: 400,
        headers: new Headers(),
        body: { error: { message: "Application request limit reached", type: "OAuthException", code: 9, error_subcode: 2207042, is_transient: false, error_user_title: "Reached publishing limit" } },
      },
      now,
    );
    expect(limit.code).toBe("quota_exceeded");
    const legacy = classifyFailure(instagramErrorTable, { status: 400, headers: new Headers(), body: { error_type: "OAuthException", code: 400, error_message: "Invalid authorization code" } }, now);
    expect(legacy).toMatchObject({ code: "platform_rejected", message: "Invalid authorization code" });
  });
});
