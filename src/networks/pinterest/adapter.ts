import { pinterestEdit } from "./edit.js";
import { pinterestAnalytics } from "./analytics.js";
import * as v from "valibot";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { AdAccount, NetworkAdapter, NetworkContext, NetworkIdentity, PublishDestination, TokenSet } from "../types.js";
import { pinterestApiBaseUrl, pinterestCapabilities, pinterestMaxPageSize, pinterestMediaUploadHost } from "./capabilities.js";
import { pinterestEngage } from "./engage.js";
import { pinterestErrorTable } from "./errors.js";
import { pinterestAuthorizeUrlFor, pinterestExchangeCode, pinterestRefresh } from "./connect.js";
import { checkPinterestPublish, deletePinterestPost, findPinterestPublished, publishPinterest } from "./publish.js";
import { pinterestAccountReads } from "./account-reads.js";
import { pinterestRules } from "./rules.js";

const AccountResponse = v.object({
  id: v.string(),
  username: v.string(),
  business_name: v.optional(v.nullable(v.string())),
  profile_image: v.optional(v.string()),
});

const page = <S extends v.GenericSchema>(item: S) => v.object({ items: v.array(item), bookmark: v.optional(v.nullable(v.string())) });

const Board = v.object({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.nullable(v.string())),
  privacy: v.optional(v.string()),
  pin_count: v.optional(v.number()),
});

const AdAccountItem = v.object({ id: v.string(), name: v.optional(v.string()), currency: v.optional(v.string()) });

/** Stops a network that keeps answering with a bookmark from looping forever: 40 pages of 250. */
const MAX_PAGES = 40;

const bearer = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.accessToken}` });

async function identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  const response = await callNetwork(net, pinterestErrorTable, `${pinterestApiBaseUrl}/user_account`, { headers: bearer(tokens) });
  const account = parseNetworkBody("pinterest", AccountResponse, response.body, "user_account");
  return {
    networkUserId: account.id,
    handle: account.username,
    displayName: account.business_name || account.username,
    avatarUrl: account.profile_image ?? null,
  };
}

/** Follows Pinterest's `bookmark` cursor until it is null. */
async function readAllPages<S extends v.GenericSchema>(tokens: TokenSet, net: NetworkContext, path: string, item: S, what: string): Promise<v.InferOutput<S>[]> {
  const items: v.InferOutput<S>[] = [];
  let bookmark: string | null = null;
  for (let n = 0; n < MAX_PAGES; n++) {
    const query = new URLSearchParams({ page_size: String(pinterestMaxPageSize) });
    if (bookmark) query.set("bookmark", bookmark);
    const response = await callNetwork(net, pinterestErrorTable, `${pinterestApiBaseUrl}${path}?${query.toString()}`, { headers: bearer(tokens) });
    const body = parseNetworkBody("pinterest", page(item), response.body, what);
    items.push(...body.items);
    bookmark = body.bookmark ?? null;
    if (!bookmark) break;
  }
  return items;
}

/** Boards the account owns or collaborates on, secret ones included when the grant allows them. */
async function targets(tokens: TokenSet, net: NetworkContext): Promise<PublishDestination[]> {
  const boards = await readAllPages(tokens, net, "/boards", Board, "boards");
  return boards.map((board) => ({
    id: board.id,
    name: board.name,
    kind: "board",
    details: { privacy: board.privacy ?? "PUBLIC", pinCount: board.pin_count ?? null, description: board.description ?? null },
  }));
}

async function adAccounts(tokens: TokenSet, net: NetworkContext): Promise<AdAccount[]> {
  const accounts = await readAllPages(tokens, net, "/ad_accounts", AdAccountItem, "ad_accounts");
  // The v5 AdAccount record has no status field.
  return accounts.map((account) => ({ id: account.id, name: account.name ?? account.id, currency: account.currency ?? null, status: null }));
}

/**
 * Pinterest API v5. No `revoke`: POST /v5/oauth/token/revoke exists but the spec says it accepts
 * only tokens issued for system users, so a person's connection is ended by forgetting its tokens.
 */
export const pinterestAdapter: NetworkAdapter = {
  platform: "pinterest",
  capabilities: pinterestCapabilities,
  rules: pinterestRules,
  // Video bytes go to the S3 bucket POST /v5/media names.
  hosts: ["www.pinterest.com", "api.pinterest.com", pinterestMediaUploadHost],
  authorizeUrl: pinterestAuthorizeUrlFor,
  exchangeCode: pinterestExchangeCode,
  refresh: pinterestRefresh,
  identity,
  targets,
  adAccounts,
  publish: publishPinterest,
  checkPublish: checkPinterestPublish,
  findPublished: findPinterestPublished,
  deletePost: deletePinterestPost,
  analytics: pinterestAnalytics,
  accountReads: pinterestAccountReads,
  engage: pinterestEngage,
  edit: pinterestEdit,
};
