import { and, eq } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { NetworkActor } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { SandboxActivity } from "../../../sandbox/types.js";
import type { DomainContext } from "../../core/index.js";
import { requireAccount } from "../../accounts/index.js";
import { openTokens } from "../../accounts/index.js";
import { createDbSandboxStore } from "../../accounts/index.js";
import { simulatedAccount } from "../../accounts/index.js";
import { sandboxRuntime } from "../../accounts/index.js";
import { requireSandboxHandle } from "../../accounts/index.js";

export interface SimulateActivityInput {
  id: string;
  action: SandboxActivity;
  /** A Chorus `post_` id published on this account, or the network's own post id. */
  post?: string | undefined;
  text?: string | undefined;
  /** Handle of the simulated person acting. */
  actor?: string | undefined;
  /** A review's stars (1 to 5) or recommendation. */
  rating?: number | "positive" | "negative" | undefined;
  /** The location or page a review is about. */
  target?: string | undefined;
}

export interface SimulatedActivityView {
  account: string;
  platform: PlatformId;
  action: SandboxActivity;
  actor: NetworkActor & { platform: PlatformId };
  /** The network id of what the person created (their like, reply, follow...). */
  networkId: string;
}

/** A `post_` id becomes the network id this account published it under; anything else is taken as a network id. */
async function networkPostIdOf(ctx: DomainContext, accountId: string, post: string): Promise<string> {
  if (!post.startsWith("post_")) return post;
  const [target] = await ctx.db
    .select({ networkPostId: postTargets.networkPostId })
    .from(postTargets)
    .where(and(eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.postId, post), eq(postTargets.accountId, accountId)))
    .limit(1);
  if (!target?.networkPostId) {
    throw new ApiError("resource_not_found", {
      param: "post",
      message: `No post ${post} was published on this account.`,
      fix: "Pass the `id` of a post this account published, or its `networkPostId`.",
    });
  }
  return target.networkPostId;
}

/**
 * POST /v1/sandbox/social-accounts/{id}/activity: another simulated person acts on a sandbox
 * account (likes, reposts, quotes or replies to one of its posts, mentions or follows it) by
 * writing to the simulated network, so notifications arise as they would on the real network.
 */
export async function simulateActivity({ ctx, input }: { ctx: DomainContext; input: SimulateActivityInput }): Promise<SimulatedActivityView> {
  if (ctx.apiKey.mode !== "test") {
    throw new ApiError("sandbox_only", { message: "Only test keys (sk_test_…) can make simulated people act; live accounts are on the real networks." });
  }
  const row = await requireAccount(ctx, input.id);
  const platform = row.platform;
  if (row.mode !== "test") throw new ApiError("sandbox_only", { param: "id", platform });
  if (!row.tokensEncrypted) {
    throw new ApiError("account_unknown", { param: "id", message: `The ${platform} account ${row.id} was disconnected; connect it again to use it.` });
  }
  const simulator = (await sandboxRuntime(ctx.db, { workspaceId: ctx.workspace.id, now: () => ctx.clock.now(), publicUrl: ctx.services.publicUrl, networks: ctx.services.networks })).simulator(
    platform,
  );
  if (!simulator.simulateActivity) {
    throw new ApiError("capability_unsupported", {
      param: "id",
      platform,
      message: `The ${platform} sandbox has no simulated activity yet.`,
      fix: "Use a Bluesky, X, Threads, Facebook or Instagram sandbox account for notifications; YouTube, Facebook, Instagram, Threads and LinkedIn sandbox accounts take `reply` (a comment on one of their posts), Google Business and Facebook sandbox accounts `review`.",
    });
  }
  if (input.action === "review" && input.rating === undefined)
    throw new ApiError("field_required", { param: "rating", message: "A review needs a `rating`: 1 to 5 stars on Google Business, `positive` or `negative` on Facebook." });
  // A review is about a location or page (`target`), every other action about a post.
  const subject = input.action === "review" ? (input.target ?? null) : input.post !== undefined ? await networkPostIdOf(ctx, row.id, input.post) : null;
  const store = createDbSandboxStore(ctx.db, ctx.workspace.id);
  const recipient = await simulatedAccount(store, platform, await openTokens(ctx.services.cipher, row.id, row.tokensEncrypted));
  if (input.actor !== undefined) requireSandboxHandle(simulator, input.actor, "actor");
  const result = await simulator.simulateActivity({
    action: input.action,
    recipientId: recipient.id,
    actorHandle: input.actor ?? null,
    subject,
    text: input.text ?? null,
    rating: input.rating ?? null,
  });
  if (!result.ok) {
    if (result.reason === "action_unsupported") {
      throw new ApiError("capability_unsupported", {
        param: "action",
        platform,
        message: `${platform} raises no notification for \`${input.action}\` that its API shows.`,
        fix: "On X, simulate `mention` or `reply`: its API reads mentions and replies only. On Threads, Facebook and Instagram, `mention` (a post naming or tagging the account) or `reply`; on YouTube, `reply`: a comment on one of the account's posts; on LinkedIn, `reply`, `like`, `repost` or `quote` on a company page's post, or `mention` of the first page the member administers. On Google Business and Facebook, `review`. On Pinterest, `follow`: it shows in GET /v1/social-accounts/{id}/followers.",
      });
    }
    if (result.reason === "rating_invalid") {
      throw new ApiError("field_invalid", {
        param: "rating",
        platform,
        message: platform === "facebook" ? "A Facebook review is a recommendation: `positive` or `negative`." : "A Google Business review has 1 to 5 stars.",
      });
    }
    if (input.action === "review") {
      throw new ApiError("resource_not_found", {
        param: "target",
        platform,
        message: `The ${platform} sandbox account manages no location or page ${input.target ?? ""}.`,
        fix: "Pass one of the ids of GET /v1/social-accounts/{id}/targets.",
      });
    }
    if (result.reason === "subject_required") {
      throw new ApiError("field_required", { param: "post", message: `\`${input.action}\` acts on one of the account's posts: name it in \`post\`.` });
    }
    throw new ApiError("resource_not_found", {
      param: "post",
      message: `The ${platform} sandbox has no post ${input.post ?? ""} on this account.`,
      fix: "Pass the `id` of a post this account published, or its `networkPostId`.",
    });
  }
  const actor = result.actor;
  return {
    account: row.id,
    platform,
    action: input.action,
    actor: { id: actor.id, handle: actor.handle, displayName: actor.displayName, avatarUrl: actor.avatarUrl, url: null, platform },
    networkId: result.networkId,
  };
}
