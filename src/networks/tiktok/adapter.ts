import { tiktokAnalytics } from "./analytics.js";
import * as v from "valibot";
import { parseNetworkBody } from "../http.js";
import type { NetworkAdapter, NetworkContext, NetworkIdentity, TokenSet } from "../types.js";
import { callTiktok } from "./call.js";
import { tiktokCapabilities, tiktokUserInfoUrl } from "./capabilities.js";
import { queryCreatorInfo } from "./creator-info.js";
import { tiktokAuthorizeUrlFor, tiktokExchangeCode, tiktokRefresh, tiktokRevoke } from "./connect.js";
import { checkTiktokPublish, findTiktokPublished, publishTiktok } from "./publish.js";
import { tiktokAccountReads } from "./account-reads.js";
import { tiktokRules } from "./rules.js";

const UserInfoResponse = v.object({
  data: v.object({
    user: v.object({
      open_id: v.string(),
      avatar_url: v.optional(v.string()),
      display_name: v.optional(v.string()),
      username: v.optional(v.string()),
    }),
  }),
});

const bearer = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.accessToken}` });

async function identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  // Each field is gated by a scope the person may have refused; `username` needs
  // user.info.profile, and asking for a field without its scope fails the whole call.
  const fields = ["open_id", "union_id", "avatar_url", "display_name"];
  if (tokens.scopes.includes("user.info.profile")) fields.push("username");
  const response = await callTiktok(net, `${tiktokUserInfoUrl}?fields=${fields.join(",")}`, { headers: bearer(tokens) });
  const { user } = parseNetworkBody("tiktok", UserInfoResponse, response.body, "user/info").data;
  return {
    networkUserId: user.open_id,
    handle: user.username ?? user.display_name ?? user.open_id,
    displayName: user.display_name ?? null,
    avatarUrl: user.avatar_url ?? null,
  };
}

/**
 * Live creator-level constraints, which TikTok requires apps to query before every post: the
 * privacy levels offered to this account, whether comments, duets and stitches are switched
 * off, and the longest video it may post. Posting caps come back here with HTTP 200 and an
 * error code, which callTiktok turns into the matching error.
 */
async function publishInfo(tokens: TokenSet, net: NetworkContext): Promise<Record<string, unknown>> {
  const data = await queryCreatorInfo(tokens, net);
  return {
    creatorUsername: data.creator_username,
    creatorNickname: data.creator_nickname ?? null,
    creatorAvatarUrl: data.creator_avatar_url ?? null,
    privacyLevelOptions: data.privacy_level_options,
    commentDisabled: data.comment_disabled,
    duetDisabled: data.duet_disabled,
    stitchDisabled: data.stitch_disabled,
    maxVideoPostDurationSec: data.max_video_post_duration_sec,
  };
}

/** TikTok Login Kit v2 + Display API identity + Content Posting creator_info and publishing (publish.ts). */
export const tiktokAdapter: NetworkAdapter = {
  platform: "tiktok",
  capabilities: tiktokCapabilities,
  rules: tiktokRules,
  hosts: ["www.tiktok.com", "open.tiktokapis.com"],
  authorizeUrl: tiktokAuthorizeUrlFor,
  exchangeCode: tiktokExchangeCode,
  refresh: tiktokRefresh,
  identity,
  revoke: tiktokRevoke,
  publishInfo,
  publish: publishTiktok,
  checkPublish: checkTiktokPublish,
  findPublished: findTiktokPublished,
  // No deletePost: the Content Posting and Display APIs have no way to delete a post.
  analytics: tiktokAnalytics,
  accountReads: tiktokAccountReads,
};
