import * as v from "valibot";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { callTiktok, type TiktokCallOptions } from "./call.js";
import { tiktokCreatorInfoUrl } from "./capabilities.js";

const CreatorInfoResponse = v.object({
  data: v.object({
    creator_avatar_url: v.optional(v.string()),
    creator_username: v.string(),
    creator_nickname: v.optional(v.string()),
    privacy_level_options: v.array(v.string()),
    comment_disabled: v.boolean(),
    duet_disabled: v.boolean(),
    stitch_disabled: v.boolean(),
    max_video_post_duration_sec: v.number(),
  }),
});

export type CreatorInfo = v.InferOutput<typeof CreatorInfoResponse>["data"];

export const tiktokBearer = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.accessToken}` });
export const tiktokJsonHeaders = (tokens: TokenSet) => ({ ...tiktokBearer(tokens), "Content-Type": "application/json; charset=UTF-8" });

/**
 * POST /v2/post/publish/creator_info/query/: the live creator-level constraints TikTok requires
 * apps to read before every Direct Post. Posting caps (spam_risk_too_many_posts, bans, the app's
 * active-creator cap) come back here with HTTP 200 and an error code, which callTiktok raises.
 */
export async function queryCreatorInfo(tokens: TokenSet, net: NetworkContext, options: TiktokCallOptions = {}): Promise<CreatorInfo> {
  const response = await callTiktok(net, tiktokCreatorInfoUrl, { method: "POST", headers: tiktokJsonHeaders(tokens) }, options);
  return parseNetworkBody("tiktok", CreatorInfoResponse, response.body, "creator_info").data;
}
