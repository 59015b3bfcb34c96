import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { listAdAccounts } from "../meta/ad-accounts.js";
import { extraString, graphRequest, graphUrl, SuccessSchema } from "../meta/graph.js";
import { revokeFacebookLogin } from "../meta/facebook-login.js";
import type { NetworkAdapter, TokenSet } from "../types.js";
import { instagramAnalytics } from "./analytics.js";
import { instagramCapabilities, instagramHosts, instagramUrls } from "./capabilities.js";
import { instagramInbox } from "./inbox.js";
import { instagramErrorTable as table } from "./errors.js";
import { doorOf, igVersion, instagramAuthorizeUrl, instagramExchange, instagramRefresh } from "./connect.js";
import { instagramDiscover } from "./discover.js";
import { brandedPartners } from "./partners.js";
import { checkInstagramPublish, publishToInstagram } from "./publish.js";
import { findOnInstagram } from "./published-media.js";
import { instagramAccountReads } from "./account-reads.js";
import { instagramRules } from "./rules.js";
import { commentOnInstagramMedia } from "./first-comment.js";

const graphBase = (tokens: TokenSet) => (doorOf(tokens) === "facebook_login" ? instagramUrls.facebookGraph : instagramUrls.instagramGraph);
const igUserId = (tokens: TokenSet) => extraString(tokens, "igUserId", "instagram");

function requirePageDoor(tokens: TokenSet, feature: string): void {
  if (doorOf(tokens) !== "facebook_login") {
    throw new ApiError("photo_page_door_required", { platform: "instagram", message: `${feature} exist only on an Instagram account connected through Facebook Login.` });
  }
}

const ProfileSchema = v.object({
  id: v.string(),
  user_id: v.optional(v.union([v.string(), v.number()])),
  username: v.string(),
  name: v.optional(v.string()),
  profile_picture_url: v.optional(v.string()),
});

const LimitSchema = v.object({
  data: v.array(v.object({ quota_usage: v.number(), config: v.optional(v.object({ quota_total: v.number(), quota_duration: v.number() })) })),
});

const PageTokenSchema = v.object({ id: v.string(), access_token: v.string() });

/**
 * Chorus's default webhook names are the page network's (feed, mention, messages); on the
 * Instagram-login door the same events are called comments and mentions.
 */
const instagramFieldNames: Record<string, string> = { feed: "comments", mention: "mentions" };

export const instagramAdapter: NetworkAdapter = {
  platform: "instagram",
  capabilities: instagramCapabilities,
  rules: instagramRules,
  hosts: instagramHosts,
  inbox: instagramInbox,
  discover: instagramDiscover,
  accountReads: instagramAccountReads,
  analytics: instagramAnalytics,

  authorizeUrl: instagramAuthorizeUrl,

  async exchangeCode(input, net) {
    return instagramExchange(net, input.code, input.variant);
  },

  async refresh(tokens, net) {
    return instagramRefresh(net, tokens);
  },

  async identity(tokens, net) {
    // Facebook-login door: the IG user node. Instagram-login door: `/me`, whose `user_id` is the
    // professional account id (the `id` there is app-scoped).
    const facebookDoor = doorOf(tokens) === "facebook_login";
    const url = graphUrl(graphBase(tokens), igVersion(net), facebookDoor ? igUserId(tokens) : "me", {
      fields: facebookDoor ? "id,username,name,profile_picture_url" : "id,user_id,username,name,profile_picture_url",
      access_token: tokens.accessToken,
    });
    const me = await graphRequest(net, table, url, ProfileSchema);
    return {
      networkUserId: facebookDoor ? me.id : String(me.user_id ?? me.id),
      handle: me.username,
      displayName: me.name ?? null,
      avatarUrl: me.profile_picture_url ?? null,
    };
  },

  /**
   * Facebook-login door: de-authorises the Facebook app. The Instagram-login door has no revoke
   * endpoint (the person removes the app in Instagram's settings); its token lapses within 60 days
   * unless refreshed, so there is nothing to call.
   */
  async revoke(tokens, net) {
    if (doorOf(tokens) === "facebook_login") await revokeFacebookLogin(net, table, igVersion(net), tokens);
  },

  /** `content_publishing_limit`: the live count over Instagram's rolling window (the documented limit has moved between 25, 50 and 100). */
  async allowance(tokens, net) {
    const url = graphUrl(graphBase(tokens), igVersion(net), `${igUserId(tokens)}/content_publishing_limit`, {
      fields: "quota_usage,config",
      access_token: tokens.accessToken,
    });
    const body = await graphRequest(net, table, url, LimitSchema);
    const row = body.data[0];
    if (!row?.config) throw new ApiError("platform_unavailable", { platform: "instagram", message: "instagram: content_publishing_limit returned no quota" });
    const used = row.quota_usage;
    const limit = row.config.quota_total;
    return { used, limit, remaining: Math.max(0, limit - used), windowHours: row.config.quota_duration / 3600, source: "network" };
  },

  /**
   * Instagram-login door: `POST /me/subscribed_apps` with the account's token. Facebook-login door:
   * install the app on the linked Page with the Page's token (Instagram events then flow for the
   * fields the app subscribes to); the page fields sent are the requested ones.
   */
  async subscribeWebhook(tokens, fields, net) {
    if (doorOf(tokens) === "instagram_login") {
      const named = [...new Set(fields.map((f) => instagramFieldNames[f] ?? f))];
      const url = graphUrl(instagramUrls.instagramGraph, igVersion(net), "me/subscribed_apps", {
        subscribed_fields: named.join(","),
        access_token: tokens.accessToken,
      });
      const result = await graphRequest(net, table, url, SuccessSchema, { method: "POST" });
      return { subscribed: result.success, fields: named };
    }
    const pageId = extraString(tokens, "pageId", "instagram");
    const tokenUrl = graphUrl(instagramUrls.facebookGraph, igVersion(net), pageId, { fields: "access_token", access_token: tokens.accessToken });
    const page = await graphRequest(net, table, tokenUrl, PageTokenSchema);
    const url = graphUrl(instagramUrls.facebookGraph, igVersion(net), `${pageId}/subscribed_apps`, {
      subscribed_fields: fields.join(","),
      access_token: page.access_token,
    });
    const result = await graphRequest(net, table, url, SuccessSchema, { method: "POST" });
    return { subscribed: result.success, fields };
  },

  async adAccounts(tokens, net) {
    requirePageDoor(tokens, "Ad accounts");
    return listAdAccounts(net, table, igVersion(net), tokens.accessToken);
  },

  async brandedPartners(tokens, net) {
    requirePageDoor(tokens, "Branded partners");
    return brandedPartners(net, tokens, igUserId(tokens));
  },

  commentOnPost: commentOnInstagramMedia,
  async publish(tokens, request, net) {
    return publishToInstagram(tokens, request, net, igUserId(tokens));
  },

  async checkPublish(tokens, pollToken, net) {
    return checkInstagramPublish(tokens, pollToken, net, igUserId(tokens));
  },

  async findPublished(tokens, request, net) {
    return findOnInstagram(tokens, request, net, igUserId(tokens));
  },
  // No deletePost: Instagram documents no way to delete published media through the API.
};
