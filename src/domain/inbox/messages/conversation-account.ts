import { and, eq, ne } from "drizzle-orm";
import { appCredentials, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { InboxFacet } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import { assertAccountsInGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import { credentialsOfAccount, rememberCredentials } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { type ConversationKey, conversationNotFound, parseConversationId } from "./conversation-id.js";

export interface ResolvedConversation {
  key: ConversationKey;
  row: SocialAccountRow;
  platform: PlatformId;
  inbox: InboxFacet | undefined;
}

/**
 * The connection a conversation id names, looked up in the caller's workspace and key mode only:
 * an id of another workspace, of a disconnected account or of the other mode is the same 404.
 */
export async function resolveConversation(ctx: DomainContext, id: string): Promise<ResolvedConversation> {
  const key = parseConversationId(id);
  // The network's app credentials come along: every use of a conversation calls its network next.
  const [found] = await ctx.db
    .select({ row: socialAccounts, credential: appCredentials })
    .from(socialAccounts)
    .leftJoin(appCredentials, credentialsOfAccount)
    .where(and(eq(socialAccounts.id, key.account), eq(socialAccounts.workspaceId, ctx.workspace.id), eq(socialAccounts.mode, ctx.apiKey.mode), ne(socialAccounts.status, "disconnected")))
    .limit(1);
  if (!found) throw conversationNotFound();
  const { row, credential } = found;
  rememberCredentials(ctx, [{ platform: row.platform, credential }]);
  assertAccountsInGrant(ctx, [row], () => "id");
  const platform = row.platform;
  return { key, row, platform, inbox: adapterFor(platform).inbox };
}

/** 400 naming what the network lacks, and where to look, when its adapter has no such method. */
export function messagingUnsupported(platform: PlatformId, what: string): ApiError {
  const name = adapterFor(platform).capabilities.name;
  return new ApiError("capability_unsupported", {
    platform,
    message: `${name} has no direct messages that Chorus can ${what}.`,
    fix: "GET /v1/platforms lists `messaging` per network: Facebook Pages, Instagram, X and Bluesky have direct messages.",
  });
}
