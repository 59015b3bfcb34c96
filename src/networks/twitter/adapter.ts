import * as v from "valibot";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkAdapter, NetworkContext, NetworkIdentity, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterCapabilities, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";
import { twitterAnalytics } from "./analytics.js";
import { twitterAccountReads } from "./account-reads.js";
import { twitterEngage } from "./engage.js";
import { twitterInbox } from "./inbox.js";
import { twitterDiscover } from "./discover.js";
import { twitterAuthorizeUrlFor, twitterExchangeCode, twitterRefresh, twitterRevoke } from "./connect.js";
import { checkTweet, deleteTweet, findTweet, publishTweet } from "./publish.js";
import { twitterRules } from "./rules.js";
import { commentOnTweet } from "./first-comment.js";

const MeResponse = v.object({
  data: v.object({
    id: v.string(),
    name: v.string(),
    username: v.string(),
    profile_image_url: v.optional(v.string()),
  }),
});

async function identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  // id, name and username are X's default user fields; the avatar must be asked for.
  const url = `${twitterApiBaseUrl}/${twitterApiVersion}/users/me?user.fields=profile_image_url`;
  const response = await callNetwork(
    net,
    twitterErrorTable,
    url,
    { headers: { Authorization: `Bearer ${tokens.accessToken}` } },
    {
      resetHeader: twitterRateLimitHeaders.reset,
    },
  );
  const { data } = parseNetworkBody("twitter", MeResponse, response.body, "users/me");
  return { networkUserId: data.id, handle: data.username, displayName: data.name, avatarUrl: data.profile_image_url ?? null };
}

/**
 * X API v2. No optional reads apply: X has no destinations inside an account, no creator-level
 * constraints, no readable posting allowance (the domain answers with the documented window)
 * and no v2 endpoint to edit a profile.
 */
export const twitterAdapter: NetworkAdapter = {
  platform: "twitter",
  capabilities: twitterCapabilities,
  rules: twitterRules,
  hosts: ["x.com", "api.x.com"],
  authorizeUrl: twitterAuthorizeUrlFor,
  exchangeCode: twitterExchangeCode,
  refresh: twitterRefresh,
  identity,
  revoke: twitterRevoke,
  publish: publishTweet,
  commentOnPost: commentOnTweet,
  checkPublish: checkTweet,
  findPublished: findTweet,
  deletePost: deleteTweet,
  inbox: twitterInbox,
  analytics: twitterAnalytics,
  engage: twitterEngage,
  accountReads: twitterAccountReads,
  discover: twitterDiscover,
};
