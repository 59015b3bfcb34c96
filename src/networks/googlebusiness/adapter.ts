import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork } from "../http.js";
import type { NetworkAdapter, NetworkContext, NetworkIdentity, PublishDestination, TokenSet } from "../types.js";
import { googleBusinessCapabilities, googleBusinessLocationReadMask, googleBusinessPageSizes, googleBusinessUrls } from "./capabilities.js";
import { createGoogleBusinessAnalytics } from "./analytics.js";
import { googleBusinessDiscover } from "./discover.js";
import { googleBusinessErrorTable } from "./errors.js";
import { googleBusinessAuthorizeUrl, googleBusinessExchangeCode, googleBusinessRefresh, googleBusinessRevoke } from "./connect.js";
import { createGoogleBusinessPublishing } from "./publish.js";
import { googleBusinessEdit } from "./edit.js";
import { createGoogleBusinessAccountReads } from "./account-reads.js";
import { googleBusinessReviews } from "./reviews.js";
import { googleBusinessRules } from "./rules.js";

const UserInfo = v.object({
  sub: v.string(),
  name: v.optional(v.string()),
  email: v.optional(v.string()),
  picture: v.optional(v.string()),
});

const AccountList = v.object({
  accounts: v.optional(v.array(v.object({ name: v.string(), accountName: v.optional(v.string()), type: v.optional(v.string()) }))),
  nextPageToken: v.optional(v.string()),
});

const PostalAddress = v.object({
  regionCode: v.optional(v.string()),
  postalCode: v.optional(v.string()),
  administrativeArea: v.optional(v.string()),
  locality: v.optional(v.string()),
  addressLines: v.optional(v.array(v.string())),
});

const LocationList = v.object({
  locations: v.optional(
    v.array(
      v.object({
        name: v.string(),
        title: v.optional(v.string()),
        storeCode: v.optional(v.string()),
        storefrontAddress: v.optional(PostalAddress),
        metadata: v.optional(v.object({ mapsUri: v.optional(v.string()), placeId: v.optional(v.string()) })),
      }),
    ),
  ),
  nextPageToken: v.optional(v.string()),
});

/** Bounds the page loops; an account with more than 2,000 locations is handled by search, later. */
const MAX_PAGES = 20;

function headers(tokens: TokenSet): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" };
}

function parse<T extends v.GenericSchema>(schema: T, body: unknown, what: string): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError("platform_unavailable", { platform: "googlebusiness", message: `googlebusiness: unexpected ${what} answer.` });
  return result.output;
}

async function identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  const response = await callNetwork(net, googleBusinessErrorTable, googleBusinessUrls.userinfo, { headers: headers(tokens) });
  const user = parse(UserInfo, response.body, "userinfo");
  return { networkUserId: user.sub, handle: user.email ?? user.sub, displayName: user.name ?? null, avatarUrl: user.picture ?? null };
}

async function listAccounts(tokens: TokenSet, net: NetworkContext): Promise<Array<{ name: string; accountName: string | null }>> {
  const accounts: Array<{ name: string; accountName: string | null }> = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${googleBusinessUrls.accountManagement}/accounts`);
    url.searchParams.set("pageSize", String(googleBusinessPageSizes.accounts));
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const response = await callNetwork(net, googleBusinessErrorTable, url.toString(), { headers: headers(tokens) });
    const list = parse(AccountList, response.body, "accounts.list");
    for (const account of list.accounts ?? []) accounts.push({ name: account.name, accountName: account.accountName ?? null });
    pageToken = list.nextPageToken;
    if (!pageToken) break;
  }
  return accounts;
}

function formatAddress(address: v.InferOutput<typeof PostalAddress> | undefined): string | null {
  if (!address) return null;
  const parts = [...(address.addressLines ?? []), [address.postalCode, address.locality].filter(Boolean).join(" "), address.administrativeArea, address.regionCode];
  const text = parts.filter((p) => p && p.length > 0).join(", ");
  return text || null;
}

/**
 * Locations of every account the person can reach (their personal account first, then location
 * groups and organisations). The target id is the v4 resource name `accounts/{a}/locations/{l}`
 * that localPosts and reviews use; a location reachable through two accounts is listed once.
 */
async function targets(tokens: TokenSet, net: NetworkContext): Promise<PublishDestination[]> {
  const seen = new Set<string>();
  const found: PublishDestination[] = [];
  for (const account of await listAccounts(tokens, net)) {
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL(`${googleBusinessUrls.businessInformation}/${account.name}/locations`);
      url.searchParams.set("readMask", googleBusinessLocationReadMask);
      url.searchParams.set("pageSize", String(googleBusinessPageSizes.locations));
      if (pageToken) url.searchParams.set("pageToken", pageToken);
      const response = await callNetwork(net, googleBusinessErrorTable, url.toString(), { headers: headers(tokens) });
      const list = parse(LocationList, response.body, "locations.list");
      for (const location of list.locations ?? []) {
        const locationId = location.name.replace(/^locations\//, "");
        if (seen.has(locationId)) continue;
        seen.add(locationId);
        found.push({
          id: `${account.name}/locations/${locationId}`,
          name: location.title ?? locationId,
          kind: "location",
          details: {
            address: formatAddress(location.storefrontAddress),
            storeCode: location.storeCode ?? null,
            accountName: account.accountName,
            mapsUri: location.metadata?.mapsUri ?? null,
            placeId: location.metadata?.placeId ?? null,
          },
        });
      }
      pageToken = list.nextPageToken;
      if (!pageToken) break;
    }
  }
  return found;
}

const publishing = createGoogleBusinessPublishing(targets);

export const googleBusinessAdapter: NetworkAdapter = {
  platform: "googlebusiness",
  capabilities: googleBusinessCapabilities,
  rules: googleBusinessRules,
  hosts: [
    "accounts.google.com",
    "oauth2.googleapis.com",
    "openidconnect.googleapis.com",
    "mybusinessaccountmanagement.googleapis.com",
    "mybusinessbusinessinformation.googleapis.com",
    // v4: localPosts (publishing).
    "mybusiness.googleapis.com",
    // Performance API: location analytics.
    "businessprofileperformance.googleapis.com",
  ],
  authorizeUrl: googleBusinessAuthorizeUrl,
  exchangeCode: googleBusinessExchangeCode,
  refresh: googleBusinessRefresh,
  revoke: googleBusinessRevoke,
  identity,
  targets,
  publish: publishing.publish,
  checkPublish: publishing.checkPublish,
  findPublished: publishing.findPublished,
  deletePost: publishing.deletePost,
  edit: googleBusinessEdit,
  accountReads: createGoogleBusinessAccountReads(targets),
  analytics: createGoogleBusinessAnalytics(targets),
  reviews: googleBusinessReviews,
  discover: googleBusinessDiscover,
};
