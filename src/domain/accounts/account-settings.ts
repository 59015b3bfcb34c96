import { and, eq } from "drizzle-orm";
import { socialAccounts } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../types/platform-ids.js";
import { adapterFor } from "../../networks/registry.js";
import type { ProfileUpdate } from "../../networks/types.js";
import type { DomainContext } from "../core/index.js";
import { requireAccount } from "./account-queries.js";
import { accountWithAdapter, assertConnected, capabilityUnsupported } from "./account-resources.js";
import { withAccountSession } from "./account-session.js";
import { saveInboundRoutes } from "./inbound-routes.js";

export interface ProfileUpdateInput {
  id: string;
  displayName?: string | undefined;
  bio?: string | undefined;
  avatarUrl?: string | undefined;
  bannerUrl?: string | undefined;
}

/** Only the fields the caller sent: an absent field must stay as it is on the network. */
function sentFields(input: ProfileUpdateInput): ProfileUpdate {
  const update: ProfileUpdate = {};
  if (input.displayName !== undefined) update.displayName = input.displayName;
  if (input.bio !== undefined) update.bio = input.bio;
  if (input.avatarUrl !== undefined) update.avatarUrl = input.avatarUrl;
  if (input.bannerUrl !== undefined) update.bannerUrl = input.bannerUrl;
  return update;
}

/**
 * PATCH /v1/social-accounts/{id}/profile. After the network accepted the change, the account's
 * stored name and avatar are re-read so GET /v1/social-accounts shows the new ones. That re-read
 * is best effort on purpose: the edit already happened at the network, and failing the request
 * now would invite a retry that uploads the images again.
 */
export async function updateAccountProfile({ ctx, input }: { ctx: DomainContext; input: ProfileUpdateInput }) {
  const account = await accountWithAdapter(ctx, input.id);
  const { adapter, row, platform } = account;
  const write = adapter.updateProfile?.bind(adapter);
  if (!write) throw capabilityUnsupported(platform, "profile editing through the API");
  assertConnected(account);
  const update = sentFields(input);
  await withAccountSession(ctx, row, (tokens, net) => write(tokens, update, net));
  // Read the row again: the write may have renewed the tokens, and networks that rotate refresh
  // tokens (Bluesky) would reject the envelope read before it.
  const renewed = await requireAccount(ctx, row.id);
  try {
    const identity = await withAccountSession(ctx, renewed, (tokens, net) => adapter.identity(tokens, net));
    await ctx.db
      .update(socialAccounts)
      .set({ handle: identity.handle, displayName: identity.displayName, avatarUrl: identity.avatarUrl, updatedAt: ctx.clock.now() })
      .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.workspaceId, ctx.workspace.id)));
  } catch (error) {
    // A network failure here leaves the stored copy as it was until the next reconnect (see above).
    if (!(error instanceof ApiError)) throw error;
  }
  return { account: row.id, platform, ok: true };
}

/** The page network's default per-account subscription, as the spec names it. */
export const defaultWebhookFields = ["feed", "mention", "messages"];

/**
 * POST /v1/social-accounts/{id}/webhook: subscribes the account itself where the network needs
 * that besides the app's own subscription (Facebook delivers nothing for a page that has not
 * installed the app). The answer carries the field names the network used, which differ on the
 * Instagram-login door (comments, mentions).
 */
export async function subscribeAccountWebhook({ ctx, input }: { ctx: DomainContext; input: { id: string; fields: string[] } }) {
  const account = await accountWithAdapter(ctx, input.id);
  const subscribe = account.adapter.subscribeWebhook?.bind(account.adapter);
  if (!subscribe) throw webhookUnsupported(account.platform);
  assertConnected(account);
  const fields = [...new Set(input.fields)];
  const result = await withAccountSession(ctx, account.row, (tokens, net) => subscribe(tokens, fields, net));
  if (result.objects) await saveInboundRoutes(ctx, { accountId: account.row.id, platform: account.platform, objects: result.objects, fields: result.fields });
  return { subscribed: result.subscribed, fields: result.fields };
}

/**
 * Why there is nothing to subscribe: Threads configures its webhooks on the app alone (no
 * per-account call exists), and the other networks push nothing Chorus can receive, so their
 * comments, mentions and messages are read by polling.
 */
function webhookUnsupported(platform: PlatformId): ApiError {
  const name = adapterFor(platform).capabilities.name;
  if (platform === "threads") {
    return new ApiError("capability_unsupported", {
      param: "id",
      platform,
      message: "Threads has no per-account webhook subscription: its webhooks are configured once for the app, and deliver for every account that granted the permissions.",
      fix: "Nothing to do for this account: set <public URL>/webhooks/meta as the Threads webhook callback in the Meta App Dashboard (replies, mentions); the events reach your webhooks without this call.",
    });
  }
  return new ApiError("capability_unsupported", {
    param: "id",
    platform,
    message: `${name} pushes no webhooks Chorus can subscribe an account to.`,
    fix: `Nothing to subscribe: ${name}'s comments, mentions and messages are read by polling the network (GET /v1/platforms/${platform} lists what can be read); only Facebook and Instagram accounts need this call.`,
  });
}
