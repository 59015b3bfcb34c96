import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../src/networks/http.js";
import { pinterestAdapter } from "../../src/networks/pinterest/adapter.js";
import { pinterestAuthorizeUrl, pinterestScopes, pinterestTokenUrl } from "../../src/networks/pinterest/capabilities.js";
import { pinterestErrorTable } from "../../src/networks/pinterest/errors.js";
import { createPinterestSimulator } from "../../src/sandbox/pinterest/simulator.js";
import { putSandboxBoard } from "../../src/sandbox/pinterest/boards.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec, oauthEndpoints } from "../support/openapi-request-check.js";
import { apiError as failure, connectThroughConsent, consentCode, createSandbox, type ErrorFixture, expectFixturesCoverTable, expectValidCapabilities, required, type Sandbox } from "./harness.js";

const spec = loadOpenApiSpec("pinterest-v5-openapi.json");

const authorizeUrl = required(pinterestAdapter, "authorizeUrl");
const exchangeCode = required(pinterestAdapter, "exchangeCode");
const targets = required(pinterestAdapter, "targets");
const adAccounts = required(pinterestAdapter, "adAccounts");

const config = { clientId: "1500000", clientSecret: "sandbox-pin-secret", redirectUri: "https://chorus.test/v1/connect/callback/pinterest" };

const setup = () => createSandbox([createPinterestSimulator], { start: "2026-11-20T10:00:00.000Z", config });

/** Consent as a browser would give it (unrecorded), then the code exchange. */
const connect = (ctx: Sandbox, handle: string) => connectThroughConsent(pinterestAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });

describe("pinterest adapter against the Pinterest simulator", () => {
  it("publishes capabilities that fit the shared schema", () => {
    expectValidCapabilities(pinterestAdapter.capabilities);
    expect(pinterestAdapter.capabilities.targets).toEqual(["board"]);
  });

  it("builds the authorize URL the spec's security scheme names, with comma-separated scopes and state", () => {
    const ctx = setup();
    const url = new URL(authorizeUrl({ state: "s1", codeChallenge: "ignored", variant: null }, ctx.net));
    const declared = oauthEndpoints(spec).find((e) => e.scheme === "pinterest_oauth2");
    expect(`${url.origin}${url.pathname}`).toBe(declared?.authorizationUrl);
    expect(declared?.tokenUrl).toBe(pinterestTokenUrl);
    expect(pinterestAuthorizeUrl).toBe("https://www.pinterest.com/oauth/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: config.clientId,
      redirect_uri: config.redirectUri,
      response_type: "code",
      scope: pinterestScopes.join(","),
      state: "s1",
    });
    for (const scope of pinterestScopes) expect(declared?.scopes).toContain(scope);
  });

  it("connects, reads identity, boards (paged by bookmark) and ad accounts, and refreshes with rotation", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox_maker");
    expect(tokens.expiresAt).toBe("2026-12-20T10:00:00.000Z");
    expect(tokens.refreshExpiresAt).toBe("2027-01-19T10:00:00.000Z");
    expect(tokens.scopes).toEqual([...pinterestScopes]);

    const me = await pinterestAdapter.identity(tokens, ctx.net);
    expect(me).toMatchObject({ handle: "sandbox_maker", displayName: "sandbox_maker" });
    expect(me.networkUserId).toMatch(/^\d{18}$/);

    const boards = await targets(tokens, ctx.net);
    expect(boards.map((b) => [b.name, b.kind, b.details.privacy]).sort()).toEqual([
      ["Sandbox drafts", "board", "SECRET"],
      ["Sandbox recipes", "board", "PUBLIC"],
      ["Sandbox travel ideas", "board", "PUBLIC"],
    ]);
    for (const board of boards) expect(board.id).toMatch(/^\d+$/);

    const person = await ctx.account(me.networkUserId);
    for (let i = 0; i < 260; i++) await putSandboxBoard(ctx.store, person, { name: `Sandbox board ${i}` });
    expect(await targets(tokens, ctx.net)).toHaveLength(263);
    const boardCalls = ctx.requests.filter((r) => new URL(r.url).pathname === "/v5/boards");
    expect(boardCalls.map((r) => new URL(r.url).searchParams.has("bookmark"))).toEqual([false, false, true]);

    expect(await adAccounts(tokens, ctx.net)).toEqual([expect.objectContaining({ name: "Sandbox ads of sandbox_maker", currency: "USD", status: null })]);

    const refreshed = await pinterestAdapter.refresh(tokens, ctx.net);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await failure(pinterestAdapter.refresh(tokens, ctx.net))).code).toBe("needs_reauth");
    expect((await pinterestAdapter.identity(refreshed, ctx.net)).handle).toBe("sandbox_maker");
  });

  it("refuses a reused code and an expired access token", async () => {
    const ctx = setup();
    const { tokens, code } = await connect(ctx, "sandbox_late");
    expect((await failure(exchangeCode({ code, codeVerifier: "unused", variant: null }, ctx.net))).code).toBe("needs_reauth");
    // Code 283 is the app's own id being refused: the operator must fix it, reconnecting cannot.
    const { code: other } = await consentCode(pinterestAdapter, ctx.net, { handle: "sandbox_late" });
    const wrongApp = await failure(exchangeCode({ code: other, codeVerifier: "unused", variant: null }, ctx.netWith({ ...ctx.net.config, clientId: "not-this-app" })));
    expect(wrongApp).toMatchObject({ code: "app_credentials_invalid", platform: "pinterest", retryable: false });
    expect(wrongApp.fix).toContain("CHORUS_<NETWORK>_CLIENT_ID");
    expect(wrongApp.fix).toContain("POST /v1/credentials");
    ctx.clock.now = new Date("2026-12-21T10:00:00.000Z");
    expect((await failure(pinterestAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
  });

  it("answers each sandbox fault with Pinterest's own failure", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox_faults");
    const id = (await pinterestAdapter.identity(tokens, ctx.net)).networkUserId;
    await ctx.setFault(id, "expired_token");
    expect((await failure(targets(tokens, ctx.net))).code).toBe("needs_reauth");
    await ctx.setFault(id, "revoked_permission");
    expect((await failure(targets(tokens, ctx.net))).code).toBe("missing_scope");
    await ctx.setFault(id, "rate_limited");
    expect((await failure(targets(tokens, ctx.net))).code).toBe("rate_limited");
    await ctx.setFault(id, "down");
    expect(await failure(pinterestAdapter.identity(tokens, ctx.net))).toMatchObject({ code: "platform_unavailable", retryable: true });
    await ctx.setFault(id, "slow", 1500);
    expect(await targets(tokens, ctx.net)).toHaveLength(3);
    expect(ctx.slept).toContain(1500);
  });

  it("maps every row of the error table from a realistic Pinterest body", () => {
    const fixtures: ErrorFixture[] = [
      { status: 401, body: { status: "failure", code: 283, data: "Invalid Application ID", message: "The authorization grant is invalid" }, code: "app_credentials_invalid" },
      { status: 401, body: { code: 2, message: "Authentication failed.", status: "failure" }, code: "needs_reauth" },
      {
        status: 403,
        body: { code: 3, message: "Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes." },
        code: "missing_scope",
      },
      { status: 403, body: { code: 7, message: "Not authorized to access board or Pin." }, code: "pin_board_missing" },
      { status: 403, body: { code: 29, message: "You are not permitted to access that resource." }, code: "missing_permission" },
      { status: 404, body: { code: 40, message: "Board not found." }, code: "pin_board_missing" },
      {
        status: 429,
        body: { code: 8, message: "This request exceeded a rate limit. This can happen if the client exceeds one\nof the published rate limits within a short time window." },
        code: "rate_limited",
      },
    ];
    expectFixturesCoverTable(pinterestErrorTable, fixtures);
    expect(classifyFailure(pinterestErrorTable, { status: 404, headers: new Headers(), body: { code: 50, message: "Pin not found." } }, new Date()).code).toBe("platform_rejected");
  });

  it("sends only requests the official Pinterest OpenAPI document describes, token endpoint included", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox_spec");
    await pinterestAdapter.identity(tokens, ctx.net);
    const person = await ctx.account((await pinterestAdapter.identity(tokens, ctx.net)).networkUserId);
    for (let i = 0; i < 251; i++) await putSandboxBoard(ctx.store, person, { name: `Sandbox spec board ${i}` });
    await targets(tokens, ctx.net);
    await adAccounts(tokens, ctx.net);
    const refreshed = await pinterestAdapter.refresh(tokens, ctx.net);

    const calls = ctx.requests.map((r) => `${r.method} ${findOperation(spec, r.method, r.url)?.operation.operationId}`);
    expect(new Set(calls)).toEqual(new Set(["POST oauth/token", "GET user_account/get", "GET boards/list", "GET ad_accounts/list"]));
    for (const request of ctx.requests) {
      const scopes = request.url.endsWith("/oauth/token") ? undefined : refreshed.scopes;
      expect(checkRequestAgainstSpec(spec, request, { scopes })).toEqual([]);
    }
    // Why the adapter has no revoke: the spec limits token revocation to system users.
    const revokeOp = findOperation(spec, "POST", "https://api.pinterest.com/v5/oauth/token/revoke")?.operation as { description?: string } | undefined;
    expect(revokeOp?.description).toContain("Only tokens issued for system users are currently supported");
  });
});
