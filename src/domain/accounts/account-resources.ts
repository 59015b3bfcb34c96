import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../types/platform-ids.js";
import { adapterFor } from "../../networks/registry.js";
import type { AdAccount, BrandedPartner, ChannelEvent, NetworkAdapter, NetworkContext, PublishDestination, TokenSet } from "../../networks/types.js";
import type { DomainContext } from "../core/index.js";
import { requireAccount } from "./account-queries.js";
import { withAccountSession } from "./account-session.js";
import type { SocialAccountRow } from "./account-view.js";

export interface ConnectedAccount {
  row: SocialAccountRow;
  platform: PlatformId;
  adapter: NetworkAdapter;
}

/** The caller's account (404 for other workspaces and the other key mode) with its network's adapter. */
export async function accountWithAdapter(ctx: DomainContext, id: string, param = "id"): Promise<ConnectedAccount> {
  const row = await requireAccount(ctx, id, param);
  const platform = row.platform;
  return { row, platform, adapter: adapterFor(platform) };
}

/**
 * Every per-account endpoint needs a live connection, even when it does not call the network:
 * a disconnected account is gone (the spec's `account_unknown`), and one that needs
 * reauthorising fails with `needs_reauth` everywhere until it is connected again.
 */
export function assertConnected({ row, platform }: ConnectedAccount): void {
  if (row.status === "disconnected" || !row.tokensEncrypted) {
    throw new ApiError("account_unknown", { param: "id", message: `The ${platform} account ${row.id} was disconnected; connect it again to use it.` });
  }
  if (row.status !== "active") {
    throw new ApiError("needs_reauth", { param: "id", platform, message: `The ${platform} account ${row.handle} needs to be reconnected.` });
  }
}

/** The refusal for a feature the account's network does not have. */
export function capabilityUnsupported(platform: PlatformId, feature: string): ApiError {
  const name = adapterFor(platform).capabilities.name;
  return new ApiError("capability_unsupported", {
    param: "id",
    platform,
    message: `${name} accounts have no ${feature}.`,
    fix: `GET /v1/platforms/${platform} shows what ${name} supports; use an account on a network that has ${feature}.`,
  });
}

type Read<T> = (tokens: TokenSet, net: NetworkContext) => Promise<T>;

/** Runs one optional adapter read on the account, or refuses when the network lacks it. */
async function readFromNetwork<T>(ctx: DomainContext, id: string, pick: (adapter: NetworkAdapter) => Read<T> | undefined, feature: string): Promise<T> {
  const account = await accountWithAdapter(ctx, id);
  const read = pick(account.adapter);
  if (!read) throw capabilityUnsupported(account.platform, feature);
  assertConnected(account);
  return withAccountSession(ctx, account.row, read);
}

/**
 * GET /v1/social-accounts/{id}/targets. Networks whose account is itself the only destination
 * (X, Bluesky, TikTok, YouTube, Threads, Instagram) answer an empty list without calling the
 * network, so a client can call this for every account and branch only on the list.
 */
export async function listTargets({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ items: PublishDestination[]; cursor: null }> {
  const account = await accountWithAdapter(ctx, input.id);
  const read = account.adapter.targets?.bind(account.adapter);
  assertConnected(account);
  if (!read) return { items: [], cursor: null };
  return { items: await withAccountSession(ctx, account.row, read), cursor: null };
}

/** GET /v1/social-accounts/{id}/publish-info: the spec's 404 for networks without creator-level constraints. */
export async function getPublishInfo({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<Record<string, unknown>> {
  const account = await accountWithAdapter(ctx, input.id);
  const read = account.adapter.publishInfo?.bind(account.adapter);
  if (!read) {
    const name = account.adapter.capabilities.name;
    throw new ApiError("publish_info_unsupported", {
      param: "id",
      platform: account.platform,
      message: `${name} publishes no creator-level constraints; only TikTok does.`,
      fix: `Skip this call for ${name} accounts: their limits are in GET /v1/platforms/${account.platform}.`,
    });
  }
  assertConnected(account);
  const info = await withAccountSession(ctx, account.row, read);
  return { platform: account.platform, ...info };
}

export async function listAdAccounts({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ items: AdAccount[]; cursor: null }> {
  return { items: await readFromNetwork(ctx, input.id, (a) => a.adAccounts?.bind(a), "ad accounts"), cursor: null };
}

/** Instagram on the Instagram-login door refuses inside the adapter with `photo_page_door_required`. */
export async function listBrandedPartners({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ partners: BrandedPartner[] }> {
  const partners = await readFromNetwork(ctx, input.id, (a) => a.brandedPartners?.bind(a), "branded-content partners");
  return { partners: partners.map((p) => ({ id: p.id, handle: p.handle, canPromote: p.canPromote })) };
}

export async function listChannelEvents({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ items: ChannelEvent[]; cursor: null }> {
  return { items: await readFromNetwork(ctx, input.id, (a) => a.events?.bind(a), "scheduled events"), cursor: null };
}
