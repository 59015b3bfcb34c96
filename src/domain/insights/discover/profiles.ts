import { ApiError } from "../../../infra/errors.js";
import type { DiscoveredPost as NetworkDiscoveredPost, NetworkPublicProfile } from "../../../networks/facets/discover.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { type ReadProblem, spanningRead } from "../../accounts/index.js";
import { requireAccount } from "../../accounts/index.js";
import { withAccountSession } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { type DiscoveredPost, toDiscoveredPost } from "./discovered-post.js";

export type PublicProfile = NetworkPublicProfile & { account: string; platform: PlatformId };

/** The handle without its `@`; a numeric id is refused before any network is asked. */
export function usernameOf(raw: string): string {
  const handle = raw.trim().replace(/^@/, "");
  if (handle === "") throw new ApiError("field_invalid", { param: "handle", message: "The handle is empty.", fix: "Put the person's handle in the path, with or without @." });
  if (/^[0-9]+$/.test(handle)) {
    throw new ApiError("handle_not_a_username", { param: "handle", message: `${handle} is a numeric id; profile lookups take a username.` });
  }
  return handle;
}

/** The connected account a one-network discovery read runs on (404 for another workspace's id). */
export async function discoveryAccount(ctx: DomainContext, id: string): Promise<SocialAccountRow> {
  const row = await requireAccount(ctx, id, "account");
  if (row.status === "disconnected") throw new ApiError("account_unknown", { param: "account", message: `No social account ${id} in this workspace.` });
  return row;
}

const unsupported = (row: SocialAccountRow, what: string) => {
  const adapter = adapterFor(row.platform);
  const why = adapter.discover?.noProfileLookup;
  return new ApiError("capability_unsupported", {
    param: "account",
    platform: row.platform,
    message: why?.message ?? `${adapter.capabilities.name} has no ${what} that Chorus can read.`,
    ...(why ? { fix: why.fix } : {}),
  });
};

/** GET /v1/discover/profiles/{handle}: another account's public profile, on the network of `account`. */
export async function lookupPublicProfile({ ctx, input }: { ctx: DomainContext; input: { handle: string; account: string } }): Promise<PublicProfile> {
  const handle = usernameOf(input.handle);
  const row = await discoveryAccount(ctx, input.account);
  const platform = row.platform;
  const discover = adapterFor(platform).discover;
  const lookup = discover?.lookupProfile?.bind(discover);
  if (!lookup) throw unsupported(row, "public profile lookup");
  discover?.requireHandle?.(handle);
  const profile = await withAccountSession(ctx, row, (tokens, net) => lookup(tokens, handle, { networkUserId: row.networkUserId }, net));
  return { ...profile, account: row.id, platform };
}

/** Codes that mean the handle itself is wrong: the whole request fails, not just one network's part. */
const handleCodes = new Set(["handle_not_found", "handle_not_a_username"]);

/** GET /v1/discover/profiles/{handle}/posts: that account's public posts, newest first. */
export async function listProfilePosts({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { handle: string; account: string; cursor?: string | undefined; limit: number };
}): Promise<{ items: DiscoveredPost[]; cursor: string | null; problems: ReadProblem[] }> {
  const handle = usernameOf(input.handle);
  const row = await discoveryAccount(ctx, input.account);
  const discover = adapterFor(row.platform).discover;
  discover?.requireHandle?.(handle);
  const page = await spanningRead<NetworkDiscoveredPost>({
    ctx,
    input: {
      list: `discover-profile-posts ${handle.toLowerCase()}`,
      feature: "public profile posts",
      account: input.account,
      cursor: input.cursor,
      limit: input.limit,
      pick: (adapter) => {
        const read = adapter.discover?.profilePosts?.bind(adapter.discover);
        return read ? (tokens, pageRequest, net) => read(tokens, handle, pageRequest, net) : undefined;
      },
    },
  });
  const wrongHandle = page.problems.find((p) => handleCodes.has(p.code));
  if (wrongHandle)
    throw new ApiError(wrongHandle.code === "handle_not_found" ? "handle_not_found" : "handle_not_a_username", { param: "handle", platform: wrongHandle.platform, message: wrongHandle.message });
  return { items: page.items.map(({ account, item }) => toDiscoveredPost(account, item)), cursor: page.cursor, problems: page.problems };
}
