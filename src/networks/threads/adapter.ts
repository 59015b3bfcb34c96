import { threadsAnalytics } from "./analytics.js";
import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { extraString, graphRequest, graphUrl } from "../meta/graph.js";
import type { NetworkAdapter, NetworkContext } from "../types.js";
import { threadsCapabilities, threadsDefaultApiVersion, threadsHosts, threadsUrls } from "./capabilities.js";
import { threadsInbox } from "./inbox.js";
import { threadsDiscover } from "./discover.js";
import { threadsEngage } from "./engage.js";
import { threadsErrorTable as table } from "./errors.js";
import { threadsAuthorizeUrl, threadsExchange, threadsRefresh } from "./connect.js";
import { checkThreadsPublish, deleteFromThreads, findOnThreads, publishToThreads } from "./publish.js";
import { threadsAccountReads } from "./account-reads.js";
import { threadsRules } from "./rules.js";
import { checkThreadsComment, commentOnThreadsPost } from "./first-comment.js";

const version = (net: NetworkContext) => net.config.apiVersion ?? threadsDefaultApiVersion;

const MeSchema = v.object({
  id: v.string(),
  username: v.string(),
  name: v.optional(v.string()),
  threads_profile_picture_url: v.optional(v.string()),
});

const LimitSchema = v.object({
  data: v.array(v.object({ quota_usage: v.number(), config: v.optional(v.object({ quota_total: v.number(), quota_duration: v.number() })) })),
});

/**
 * Threads has no revoke endpoint, no per-account webhook subscription (webhooks are configured
 * on the app) and no pages, ad accounts or partners, so those methods are absent.
 */
export const threadsAdapter: NetworkAdapter = {
  platform: "threads",
  capabilities: threadsCapabilities,
  rules: threadsRules,
  hosts: threadsHosts,
  discover: threadsDiscover,
  accountReads: threadsAccountReads,

  authorizeUrl: threadsAuthorizeUrl,

  async exchangeCode(input, net) {
    return threadsExchange(net, version(net), input.code);
  },

  async refresh(tokens, net) {
    return threadsRefresh(net, tokens);
  },

  async identity(tokens, net) {
    const url = graphUrl(threadsUrls.graph, version(net), "me", {
      fields: "id,username,name,threads_profile_picture_url",
      access_token: tokens.accessToken,
    });
    const me = await graphRequest(net, table, url, MeSchema);
    return { networkUserId: me.id, handle: me.username, displayName: me.name ?? null, avatarUrl: me.threads_profile_picture_url ?? null };
  },

  /** `threads_publishing_limit`: posts used over Threads' rolling window (documented 250 per 24 h). */
  async allowance(tokens, net) {
    const url = graphUrl(threadsUrls.graph, version(net), `${extraString(tokens, "userId", "threads")}/threads_publishing_limit`, {
      fields: "quota_usage,config",
      access_token: tokens.accessToken,
    });
    const body = await graphRequest(net, table, url, LimitSchema);
    const row = body.data[0];
    if (!row?.config) throw new ApiError("platform_unavailable", { platform: "threads", message: "threads: threads_publishing_limit returned no quota" });
    const used = row.quota_usage;
    const limit = row.config.quota_total;
    return { used, limit, remaining: Math.max(0, limit - used), windowHours: row.config.quota_duration / 3600, source: "network" };
  },

  publish: publishToThreads,
  commentOnPost: commentOnThreadsPost,
  // A reply with a file is a container that only checkComment's threads_publish makes visible.
  commentWithMediaOnlyPrepares: true,
  checkComment: checkThreadsComment,
  checkPublish: checkThreadsPublish,
  findPublished: findOnThreads,
  deletePost: deleteFromThreads,
  analytics: threadsAnalytics,
  engage: threadsEngage,
  inbox: threadsInbox,
};
