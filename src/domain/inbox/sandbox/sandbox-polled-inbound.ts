import { and, eq, inArray } from "drizzle-orm";
import { events, inboxPollCursors } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { Simulator } from "../../../sandbox/types.js";
import type { DomainContext } from "../../core/index.js";
import { feedsToPoll, pollFeed } from "../polling/poll-account.js";
import type { SocialAccountRow } from "../../accounts/index.js";

/** The feed that reads replies and mentions (inbox-polling/polled-feeds.ts). */
const NOTIFICATIONS_FEED = "notifications";

export interface PolledInboundInput {
  kind: "comment" | "mention";
  text: string;
  /** The simulated person's handle; null: the simulator's default person. */
  handle: string | null;
  /** The simulator's id of the account's simulated person. */
  recipientId: string;
  /** The account's latest published post, the one a comment lands on; null when it has none. */
  latestPost: string | null;
}

/**
 * A comment or mention on a polled network (X, Bluesky, YouTube, LinkedIn) is written into the
 * simulated network as a real person's reply, mention post or comment thread, so its id is one
 * the network knows: replying to it, hiding it or listing the post's comments finds it. Chorus then
 * hears of it the only way it hears of a real one, through the account's inbox poll, run now so the
 * caller need not wait for the scheduled one. The poll's first read is only a baseline that takes
 * nothing as news, so an account never polled is baselined before the item exists.
 */
export async function polledSandboxInbound(ctx: DomainContext, row: SocialAccountRow, simulator: Simulator, input: PolledInboundInput) {
  const platform = row.platform;
  if (!simulator.simulateActivity) {
    throw new ApiError("capability_unsupported", { param: "id", platform, message: `The ${platform} sandbox cannot make a simulated person ${input.kind} yet.` });
  }
  if (input.kind === "comment" && !input.latestPost) {
    throw new ApiError("resource_not_found", {
      param: "id",
      platform,
      message: `The ${platform} account ${row.id} has published no post through Chorus, so there is nothing to comment on.`,
      fix: platform !== "youtube" ? "Publish a post on this account (POST /v1/posts) first, or send kind `mention`." : "Publish a post on this account (POST /v1/posts) first.",
    });
  }
  const feed = (await feedsToPoll(ctx, row)).find((f) => f.feed.name === NOTIFICATIONS_FEED);
  if (feed) {
    const [cursor] = await ctx.db
      .select({ feed: inboxPollCursors.feed })
      .from(inboxPollCursors)
      .where(and(eq(inboxPollCursors.workspaceId, ctx.workspace.id), eq(inboxPollCursors.accountId, row.id), eq(inboxPollCursors.feed, NOTIFICATIONS_FEED)));
    if (!cursor) await pollFeed(ctx, row, feed);
  }
  const result = await simulator.simulateActivity({
    action: input.kind === "comment" ? "reply" : "mention",
    recipientId: input.recipientId,
    actorHandle: input.handle,
    subject: input.kind === "comment" ? input.latestPost : null,
    text: input.text,
  });
  if (!result.ok) {
    // LinkedIn mentions name a company page the member administers; a comment's post may be gone at the network.
    throw new ApiError("resource_not_found", {
      param: "id",
      platform,
      message:
        input.kind === "mention"
          ? `The ${platform} sandbox account has nothing a mention could name (LinkedIn mentions name a company page the member administers).`
          : `The ${platform} sandbox no longer has the account's latest post ${input.latestPost ?? ""}.`,
      fix: input.kind === "mention" ? "Connect an account that administers a company page, or send kind `comment`." : "Publish a new post on this account (POST /v1/posts) first.",
    });
  }
  // Without an endpoint listening to these events there is no poll (and no event), as for a real account.
  if (feed) await pollFeed(ctx, row, feed, { force: true });
  const sources = ["comment", "mention"].map((kind) => `${platform}:${kind}:${result.networkId}`);
  const recorded = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.workspaceId, ctx.workspace.id), inArray(events.sourceId, sources)))
    .limit(1);
  return {
    account: row.id,
    platform,
    kind: input.kind,
    id: result.networkId,
    networkPostId: input.kind === "comment" ? input.latestPost : result.networkId,
    recorded: recorded.length > 0,
  };
}
