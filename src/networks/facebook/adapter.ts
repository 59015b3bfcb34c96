import * as v from "valibot";
import type { NetworkAdapter, NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { facebookAnalytics } from "./analytics.js";
import { facebookInbox } from "./inbox.js";
import { facebookDiscover } from "./discover.js";
import { facebookDefaultApiVersion, facebookHosts, facebookUrls } from "../meta/facebook-graph.js";
import { facebookCapabilities, facebookScopes } from "./capabilities.js";
import { listAdAccounts } from "../meta/ad-accounts.js";
import { facebookErrorTable } from "../meta/facebook-errors.js";
import { facebookLive } from "./live.js";
import { managedPageTokens } from "../meta/page-access.js";
import { withPageTokens } from "./with-page-tokens.js";
import { ruploadHost } from "./video-phases.js";
import { graphCollect, graphRequest, graphUrl, SuccessSchema } from "../meta/graph.js";
import { facebookDialogUrl, facebookLogin, refreshFacebookLogin, revokeFacebookLogin } from "../meta/facebook-login.js";
import { checkPublishOnPage, publishOnPage } from "./publish.js";
import { deleteFromPage, findOnPage } from "./published-posts.js";
import { facebookAccountReads } from "./account-reads.js";
import { facebookReviews } from "./reviews.js";
import { facebookRules } from "./rules.js";
import { commentOnPagePost } from "./first-comment.js";
import { facebookEdit } from "./edit.js";

const version = (net: NetworkContext) => net.config.apiVersion ?? facebookDefaultApiVersion;
const table = facebookErrorTable;

const MeSchema = v.object({
  id: v.string(),
  name: v.string(),
  picture: v.optional(v.object({ data: v.object({ url: v.optional(v.string()) }) })),
});

const PageSchema = v.object({
  id: v.string(),
  name: v.string(),
  category: v.optional(v.string()),
  tasks: v.optional(v.array(v.string())),
  followers_count: v.optional(v.number()),
  link: v.optional(v.string()),
});

/** The pages the person manages, by the fields a destination is chosen by; never their tokens (with-page-tokens.ts keeps those). */
async function managedPages(tokens: TokenSet, net: NetworkContext): Promise<v.InferOutput<typeof PageSchema>[]> {
  const url = graphUrl(facebookUrls.graph, version(net), "me/accounts", { fields: "id,name,category,tasks,followers_count,link", limit: "100", access_token: tokens.accessToken });
  return graphCollect(net, table, url, PageSchema);
}

export const facebookAdapter: NetworkAdapter = {
  platform: "facebook",
  capabilities: facebookCapabilities,
  rules: facebookRules,
  // Reels and video stories hand their file to Meta's upload host (video-phases.ts).
  hosts: [...facebookHosts, ruploadHost],
  discover: facebookDiscover,
  analytics: facebookAnalytics,
  reviews: facebookReviews,

  authorizeUrl(input, net) {
    return facebookDialogUrl(input, net, version(net), facebookScopes);
  },

  // Page tokens are added here, not in facebookLogin: Instagram's Facebook-login door shares that.
  async exchangeCode(input, net) {
    return withPageTokens(await facebookLogin(net, table, version(net), input.code), net);
  },

  async refresh(tokens, net) {
    return withPageTokens(await refreshFacebookLogin(net, table, version(net), tokens), net);
  },

  async identity(tokens, net) {
    // Facebook exposes no username for people; the name is the closest handle there is.
    const url = graphUrl(facebookUrls.graph, version(net), "me", { fields: "id,name,picture.type(large)", access_token: tokens.accessToken });
    const me = await graphRequest(net, table, url, MeSchema);
    return { networkUserId: me.id, handle: me.name, displayName: me.name, avatarUrl: me.picture?.data.url ?? null };
  },

  async revoke(tokens, net) {
    await revokeFacebookLogin(net, table, version(net), tokens);
  },

  async targets(tokens, net): Promise<PublishDestination[]> {
    const pages = await managedPages(tokens, net);
    return pages.map((page) => ({
      id: page.id,
      name: page.name,
      kind: "page",
      details: {
        category: page.category ?? null,
        tasks: page.tasks?.join(",") ?? null,
        followers: page.followers_count ?? null,
        url: page.link ?? null,
      },
    }));
  },

  /**
   * Installs the app on every page the person manages (`POST /{page-id}/subscribed_apps` with
   * that page's token): without the page-level install Meta delivers nothing, even when the app
   * itself is subscribed. Only fields subscribed at both levels fire. The pages come from a fresh
   * `/me/accounts`, not the stored page tokens: "every page" means the pages managed now.
   */
  async subscribeWebhook(tokens, fields, net) {
    const pages = await managedPageTokens(tokens, net);
    let subscribed = pages.length > 0;
    for (const page of pages) {
      const url = graphUrl(facebookUrls.graph, version(net), `${page.pageId}/subscribed_apps`, {
        subscribed_fields: fields.join(","),
        access_token: page.token,
      });
      const result = await graphRequest(net, table, url, SuccessSchema, { method: "POST" });
      subscribed &&= result.success;
    }
    // Meta's page webhooks name the page, not the person: the caller keeps which pages lead here.
    return { subscribed, fields, objects: pages.map((page) => page.pageId) };
  },

  async adAccounts(tokens, net) {
    return listAdAccounts(net, table, version(net), tokens.accessToken);
  },

  publish: publishOnPage,
  commentOnPost: commentOnPagePost,
  checkPublish: checkPublishOnPage,
  findPublished: findOnPage,
  deletePost: deleteFromPage,
  inbox: facebookInbox,
  accountReads: facebookAccountReads,

  live: facebookLive,
  edit: facebookEdit,
};
