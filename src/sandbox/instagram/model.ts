import { numericId, seedSandboxAccount } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { graphError, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import type { SandboxAdAccount, SandboxPage } from "../meta/pages.js";

/**
 * The simulated Instagram world: one professional account per handle, reachable through both
 * doors. For the Facebook-login door the same person also has a Facebook user and a Page linked
 * to the account. Every name and URL is visibly sandbox data.
 */

export const platform = "instagram";

/** The Facebook side of the account (Facebook-login door) and its app-scoped id (Instagram-login door). */
export interface InstagramLink {
  fbUserId: string;
  fbUserName: string;
  pageId: string;
  appScopedId: string;
}

export interface SandboxMedia {
  caption: string;
  publishedAt: string;
  /** Published through the API (absent on seeded media, which read as a plain feed image). */
  mediaType?: "IMAGE" | "VIDEO" | "CAROUSEL_ALBUM";
  productType?: "FEED" | "REELS" | "STORY";
  shortcode?: string;
  containerId?: string;
  children?: string[];
  /** Turned off by `POST /{ig-media-id}?comment_enabled=false`; absent means on. */
  commentEnabled?: boolean;
}

/** Which door a publishing, media or comment route answers for (content-publishing.ts and the routes it mounts). */
export interface PublishingDoor {
  door: string;
  /** `instagram_content_publish` (Facebook Login) or `instagram_business_content_publish`. */
  publishPermission: string;
  readPermission: string;
  /** The Instagram-login door also answers to `me` for the account's own node. */
  acceptsMe: boolean;
  /** Product tags exist on the Facebook-login door only. */
  productTags: boolean;
}

export interface SandboxAdPermission {
  creator_id: string;
  creator_username: string;
  permission_status: "APPROVED" | "PENDING" | "REVOKED";
}

/** Instagram's documented rolling window: 100 API-published posts per 24 h. */
export const publishQuota = { total: 100, durationSeconds: 86400 };

export async function seedInstagram(deps: SimulatorDeps, handle: string): Promise<SandboxAccount> {
  const account = await seedSandboxAccount(deps, platform, { handle, displayName: `Sandbox ${handle}` }, () => `17841${numericId(12)}`);
  if (await deps.store.get<InstagramLink>(platform, "link", account.id)) return account;
  const link: InstagramLink = { fbUserId: numericId(15), fbUserName: `Sandbox ${handle} (Facebook)`, pageId: numericId(15), appScopedId: numericId(16) };
  const page: SandboxPage = {
    id: link.pageId,
    name: `${account.displayName} (sandbox page)`,
    category: "Sandbox",
    tasks: ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"],
    followers_count: 0,
    link: `https://sandbox.chorus.invalid/facebook/pages/${link.pageId}`,
    tokenValue: null,
    subscribedFields: [],
    instagramUserId: account.id,
  };
  await deps.store.put(platform, "link", account.id, link, account.id);
  await deps.store.put(platform, "page", page.id, page, account.id);
  // One post already published today, so the allowance reads like a real account's.
  await deps.store.put<SandboxMedia>(platform, "media", numericId(17), { caption: "Sandbox post", publishedAt: deps.now().toISOString() }, account.id);
  const creators: [string, SandboxAdPermission["permission_status"], boolean][] = [
    ["sandbox.creator.one", "APPROVED", false],
    ["sandbox.creator.two", "PENDING", true],
    ["sandbox.creator.three", "REVOKED", false],
    ["sandbox.creator.four", "PENDING", false],
  ];
  for (const [username, status, onAllowlist] of creators) {
    const creatorId = `17841${numericId(12)}`;
    await deps.store.put<SandboxAdPermission>(platform, "ad_permission", numericId(16), { creator_id: creatorId, creator_username: username, permission_status: status }, account.id);
    if (onAllowlist) await deps.store.put(platform, "tag_approval", `${account.id}:${creatorId}`, { creatorId }, account.id);
  }
  const ad: SandboxAdAccount = { id: `act_${numericId(15)}`, name: `${account.displayName} sandbox ad account`, currency: "USD", account_status: 1 };
  await deps.store.put(platform, "ad_account", ad.id, ad, account.id);
  return account;
}

export async function linkOf(deps: SimulatorDeps, accountId: string): Promise<InstagramLink | null> {
  return (await deps.store.get<InstagramLink>(platform, "link", accountId))?.data ?? null;
}

/** The IG user node as both hosts describe it. */
export function igUserNode(account: SandboxAccount, mediaCount: number): GraphNode {
  return {
    id: account.id,
    ig_id: Number(account.id.slice(5)),
    username: account.handle,
    name: account.displayName,
    biography: "A Chorus sandbox account. Nothing here is real.",
    profile_picture_url: account.avatarUrl,
    followers_count: 0,
    follows_count: 0,
    media_count: mediaCount,
    account_type: "BUSINESS",
  };
}

/** `content_publishing_limit`: posts published in the last 24 h against the documented quota. */
export async function publishingLimitNode(deps: SimulatorDeps, accountId: string): Promise<GraphNode> {
  const since = deps.now().getTime() - publishQuota.durationSeconds * 1000;
  const media = await deps.store.list<SandboxMedia>(platform, "media", { owner: accountId });
  const used = media.filter((m) => Date.parse(m.data.publishedAt) > since).length;
  return { quota_usage: used, config: { quota_total: publishQuota.total, quota_duration: publishQuota.durationSeconds } };
}

export async function mediaCount(deps: SimulatorDeps, accountId: string): Promise<number> {
  return (await deps.store.list(platform, "media", { owner: accountId })).length;
}

/** Throttling and permission answers; `door` picks which permission names are basic. */
export function instagramProfile(deps: SimulatorDeps, basicPermissions: string[]): GraphProfile {
  return {
    platform,
    deps,
    basicPermissions,
    // Instagram calls fall under business-use-case limits: code 80002 with the BUC usage header.
    rateLimited: () =>
      graphError(
        403,
        { message: "There have been too many calls to this Instagram account. Wait a bit and try again.", type: "OAuthException", code: 80002, is_transient: true },
        { "x-business-use-case-usage": JSON.stringify({ sandbox: [{ type: "instagram", call_count: 100, total_cputime: 20, total_time: 25, estimated_time_to_regain_access: 15 }] }) },
      ),
    permissionDenied: () => graphError(403, { message: "(#10) Application does not have permission for this action", type: "OAuthException", code: 10 }),
  };
}
