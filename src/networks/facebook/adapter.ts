import * as v from "valibot";
import type { NetworkAdapter, NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { facebookAnalytics } from "./analytics.js";
import { facebookComments } from "./comments.js";
import { facebookDiscover } from "./discover.js";
import { facebookCapabilities, facebookDefaultApiVersion, facebookHosts, facebookScopes, facebookUrls } from "./capabilities.js";
import { listAdAccounts } from "./ad-accounts.js";
import { facebookErrorTable } from "./errors.js";
import { facebookLive } from "./live.js";
import { graphCollect, graphRequest, graphUrl, SuccessSchema } from "./graph.js";
import { facebookDialogUrl, facebookLogin, refreshFacebookLogin, revokeFacebookLogin } from "./oauth.js";
import { checkPublishOnPage, publishOnPage } from "./publish.js";
import { deleteFromPage, findOnPage } from "./published-posts.js";
import { facebookMessages } from "./messages.js";
import { facebookAccountReads } from "./account-posts.js";
import { facebookTagged } from "./tagged.js";
import { facebookReviews } from "./reviews.js";

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

const PageTokenSchema = v.object({ id: v.string(), access_token: v.string() });

/**
 * Page access tokens are fetched on demand from `/me/accounts` instead of being kept in
 * `TokenSet.extra`: extra holds flat scalars, page tokens are secrets we would rather store once
 * (the user token), and a fresh read also sees pages added or removed since connect. Page tokens
 * derived from a long-lived user token do not expire, so re-reading them costs one call and no
 * refresh logic. `targets()` asks for page fields only: it never requests the tokens.
 */
async function managedPages(tokens: TokenSet, net: NetworkContext, withTokens: false): Promise<v.InferOutput<typeof PageSchema>[]>;
async function managedPages(tokens: TokenSet, net: NetworkContext, withTokens: true): Promise<v.InferOutput<typeof PageTokenSchema>[]>;
async function managedPages(tokens: TokenSet, net: NetworkContext, withTokens: boolean) {
  const fields = withTokens ? "id,access_token" : "id,name,category,tasks,followers_count,link";
  const url = graphUrl(facebookUrls.graph, version(net), "me/accounts", { fields, limit: "100", access_token: tokens.accessToken });
  return withTokens ? graphCollect(net, table, url, PageTokenSchema) : graphCollect(net, table, url, PageSchema);
}

export const facebookAdapter: NetworkAdapter = {
  platform: "facebook",
  capabilities: facebookCapabilities,
  hosts: facebookHosts,
  discover: facebookDiscover,
  analytics: facebookAnalytics,
  reviews: facebookReviews,

  authorizeUrl(input, net) {
    return facebookDialogUrl(input, net, version(net), facebookScopes);
  },

  async exchangeCode(input, net) {
    return facebookLogin(net, table, version(net), input.code);
  },

  async refresh(tokens, net) {
    return refreshFacebookLogin(net, table, version(net), tokens);
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
    const pages = await managedPages(tokens, net, false);
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
   * itself is subscribed. Only fields subscribed at both levels fire.
   */
  async subscribeWebhook(tokens, fields, net) {
    const pages = await managedPages(tokens, net, true);
    let subscribed = pages.length > 0;
    for (const page of pages) {
      const url = graphUrl(facebookUrls.graph, version(net), `${page.id}/subscribed_apps`, {
        subscribed_fields: fields.join(","),
        access_token: page.access_token,
      });
      const result = await graphRequest(net, table, url, SuccessSchema, { method: "POST" });
      subscribed &&= result.success;
    }
    // Meta's page webhooks name the page, not the person: the caller keeps which pages lead here.
    return { subscribed, fields, objects: pages.map((page) => page.id) };
  },

  async adAccounts(tokens, net) {
    return listAdAccounts(net, table, version(net), tokens.accessToken);
  },

  publish: publishOnPage,
  checkPublish: checkPublishOnPage,
  findPublished: findOnPage,
  deletePost: deleteFromPage,
  inbox: { ...facebookMessages, ...facebookComments, ...facebookTagged },
  accountReads: facebookAccountReads,

  live: facebookLive,
};
