import { Hono } from "hono";
import { redeemAuthCode } from "../oauth-consent.js";
import { applyLatencyFaults, checkToken } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { issueGraphToken } from "../meta/facebook-login.js";
import {
  authenticate,
  exchangeTokenRefused,
  graphDown,
  graphError,
  graphJson,
  selectFields,
  tokenLifetimeRefused,
  unknownPath,
  unmatched,
  unsupportedRequest,
  type GraphNode,
} from "../meta/graph-wire.js";
import type { TokenMeta } from "../meta/token-meta.js";
import { instagramWebhookFields } from "../../networks/instagram/capabilities.js";
import { mountContentPublishing } from "./content-publishing.js";
import { mountInstagramInsights } from "./insights.js";
import { igObjectNode } from "./media-nodes.js";
import { igUserNode, instagramProfile, linkOf, mediaCount, platform, publishingLimitNode } from "./model.js";
import { mountMessenger } from "../meta/messenger.js";
import { instagramPerson, instagramThreadId } from "./facebook-door.js";
import { requestForm } from "../meta/graph-request-memo.js";

/**
 * Instagram's own door (Business Login for Instagram): the code exchange on api.instagram.com
 * and the Graph calls on graph.instagram.com. Neither host is shared.
 */
const door = "instagram_login";
const issue = { prefix: "IGAA_SANDBOX_", door };

/** api.instagram.com keeps Instagram's legacy error shape: `{ error_type, code, error_message }`. */
const legacyError = (message: string) => graphJson({ error_type: "OAuthException", code: 400, error_message: message }, 400);

const codeMessages = {
  invalid_code: "Invalid authorization code",
  code_used: "This authorization code has been used",
  code_expired: "This authorization code has expired",
  redirect_mismatch: "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
  client_mismatch: "Invalid platform app",
  pkce_failed: "Invalid code verifier",
} as const;

export function instagramApiHost(deps: SimulatorDeps): Hono {
  const api = new Hono();
  api.post("/oauth/access_token", async (c) => {
    const form = await requestForm(c.req.raw);
    for (const name of ["client_id", "client_secret", "grant_type", "redirect_uri", "code"]) {
      if (!form.get(name)) return legacyError(`Missing required field '${name}'`);
    }
    if (form.get("grant_type") !== "authorization_code") return legacyError("Unsupported grant_type");
    const redeemed = await redeemAuthCode(deps, platform, {
      code: form.get("code") ?? "",
      clientId: form.get("client_id") ?? "",
      redirectUri: form.get("redirect_uri"),
      codeVerifier: null,
    });
    if (!redeemed.ok) return legacyError(codeMessages[redeemed.reason]);
    const link = await linkOf(deps, redeemed.code.accountId);
    const tokens = await issueGraphToken(deps, platform, redeemed.code.accountId, redeemed.code.scopes, issue, false);
    return graphJson({ data: [{ access_token: tokens.accessToken, user_id: link?.appScopedId ?? redeemed.code.accountId, permissions: tokens.scopes.join(",") }] });
  });
  api.notFound(() => unmatched(legacyError("Sorry, this page isn't available.")));
  return api;
}

export function instagramGraphHost(deps: SimulatorDeps): Hono {
  const profile = instagramProfile(deps, ["instagram_business_basic"]);
  const graph = new Hono();

  /** Token exchanges share one shape: the token must be this door's, valid, and (for refresh) long-lived. */
  const exchange = (grantType: string, wantLongLived: boolean) => async (request: Request) => {
    const q = new URL(request.url).searchParams;
    if (q.get("grant_type") !== grantType) return graphError(400, { message: "Unsupported grant type", type: "OAuthException", code: 100 });
    if (grantType === "ig_exchange_token" && !q.get("client_secret")) {
      return graphError(400, { message: "Missing client_secret parameter.", type: "OAuthException", code: 100 });
    }
    const value = q.get("access_token");
    const check = await checkToken(deps, platform, value);
    const meta = value ? (await deps.store.get<TokenMeta>(platform, "token_meta", value))?.data : undefined;
    if (!check.ok || meta?.door !== door) return exchangeTokenRefused(check.ok === false && check.reason === "expired");
    if (meta.longLived !== wantLongLived) return tokenLifetimeRefused(wantLongLived);
    if ((await applyLatencyFaults(deps, check.account, request.signal)) === "down") return graphDown();
    const tokens = await issueGraphToken(deps, platform, check.account.id, check.token.scopes, issue, true);
    return graphJson({ access_token: tokens.accessToken, token_type: "bearer", expires_in: 5184000, permissions: tokens.scopes.join(",") });
  };
  graph.get("/access_token", (c) => exchange("ig_exchange_token", false)(c.req.raw));
  graph.get("/refresh_access_token", (c) => exchange("ig_refresh_token", true)(c.req.raw));

  graph.get("/:version/me", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_business_basic" });
    if (!auth.ok) return auth.response;
    const link = await linkOf(deps, auth.account.id);
    const node: GraphNode = { ...igUserNode(auth.account, await mediaCount(deps, auth.account.id)), id: link?.appScopedId, user_id: auth.account.id };
    const picked = selectFields(node, c.req.query("fields"), "id,username", "User");
    return picked instanceof Response ? picked : graphJson(picked);
  });

  graph.get("/:version/:igUserId/content_publishing_limit", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_business_content_publish" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("igUserId");
    if (id !== "me" && id !== auth.account.id) return unsupportedRequest("GET", id);
    const picked = selectFields(await publishingLimitNode(deps, auth.account.id), c.req.query("fields"), "quota_usage", "ContentPublishingLimit");
    return picked instanceof Response ? picked : graphJson({ data: [picked] });
  });

  mountInstagramInsights(graph, profile, { door, permission: "instagram_business_manage_insights", acceptsMe: true });
  mountContentPublishing(graph, profile, {
    door,
    publishPermission: "instagram_business_content_publish",
    readPermission: "instagram_business_basic",
    acceptsMe: true,
    productTags: false,
  });

  mountMessenger(graph, {
    platform,
    door,
    profile,
    permission: "instagram_business_manage_messages",
    windowSubcode: 2534022,
    async inbox(auth, nodeId) {
      if (nodeId !== null && nodeId !== "me" && nodeId !== auth.account.id) return null;
      return { objectId: auth.account.id, owner: auth.account.id, name: auth.account.handle };
    },
    person: instagramPerson,
    threadId: instagramThreadId,
    unreadCount: false,
    detailedMessages: 20,
  });

  /** A container or media node (registered after `/me` so that stays the account's own node). */
  graph.get("/:version/:nodeId", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_business_basic" });
    if (!auth.ok) return auth.response;
    const object = await igObjectNode(deps, auth.account, c.req.param("nodeId"));
    if (!object) return unsupportedRequest("GET", c.req.param("nodeId"));
    const picked = selectFields(object.node, c.req.query("fields"), "id", object.type);
    return picked instanceof Response ? picked : graphJson(picked);
  });

  graph.post("/:version/me/subscribed_apps", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_business_basic" });
    if (!auth.ok) return auth.response;
    const fields = (c.req.query("subscribed_fields") ?? "")
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);
    const bad = fields.find((f) => !(instagramWebhookFields as readonly string[]).includes(f));
    if (fields.length === 0 || bad !== undefined) {
      return graphError(400, { message: `(#100) Invalid subscribed_fields: ${bad ?? "(none)"}`, type: "OAuthException", code: 100 });
    }
    await deps.store.put(platform, "subscription", auth.account.id, { fields }, auth.account.id);
    return graphJson({ success: true });
  });

  graph.notFound((c) => unmatched(unknownPath(new URL(c.req.url).pathname)));
  return graph;
}
