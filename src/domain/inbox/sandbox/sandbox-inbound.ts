import { and, desc, eq, isNotNull } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { type SimulatedInbound, instagramWebhookBody, pageWebhookBody, threadsWebhookBody } from "../../../sandbox/meta-webhook-bodies.js";
import type { SandboxPage } from "../../../sandbox/meta/pages.js";
import type { SandboxStore, Simulator } from "../../../sandbox/types.js";
import type { DomainContext } from "../../core/index.js";
import { signMetaBody } from "../inbound/meta-signature.js";
import { receiveMetaWebhook } from "../inbound/receive-meta-webhook.js";
import { SANDBOX_CLIENT_SECRET } from "../../accounts/index.js";
import { requireAccount } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { openTokens } from "../../accounts/index.js";
import { createDbSandboxStore } from "../../accounts/index.js";
import { simulatedAccount } from "../../accounts/index.js";
import { polledSandboxInbound } from "./sandbox-polled-inbound.js";
import { sandboxRuntime } from "../../accounts/index.js";
import { defaultVisitorHandle, requireSandboxHandle } from "../../accounts/index.js";

export const inboundKinds = ["comment", "mention", "message"] as const;
export type InboundKind = (typeof inboundKinds)[number];

/**
 * What each simulated network can send, as its real API can tell us (shared/networks/inbox):
 * direct messages are pushed by the page and photo networks; X and Bluesky keep them for reading
 * (GET /v1/conversations) and the inbox poll (domain/inbox/polling/messages-feed.ts); comments and mentions where the
 * network has them. TikTok (Login Kit), Pinterest and Google Business give none of the three; a
 * network missing from the table sends nothing, so a new network needs no line here until its
 * simulator can send something.
 */
export const inboundKindsByPlatform: Partial<Record<PlatformId, readonly InboundKind[]>> = {
  facebook: ["comment", "mention", "message"],
  instagram: ["comment", "mention", "message"],
  threads: ["comment", "mention"],
  twitter: ["comment", "mention", "message"],
  bluesky: ["comment", "mention", "message"],
  linkedin: ["comment", "mention"],
  youtube: ["comment"],
};

const metaPlatforms: ReadonlySet<PlatformId> = new Set(["facebook", "instagram", "threads"]);
const pageField = { comment: "feed", mention: "mention", message: "messages" } as const;

export interface SandboxInboundInput {
  id: string;
  kind: InboundKind;
  text: string;
  from?: string | undefined;
}

const randomDigits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join("");

/** A stable numeric id for a simulated sender's handle, so the same `from` is the same person. */
function senderId(handle: string): string {
  let hash = 2166136261;
  for (const ch of handle) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return `7${String(hash).padStart(10, "0")}`;
}

/** The account's latest post published through Chorus, so a simulated comment lands where a real one would. */
async function latestNetworkPost(ctx: DomainContext, row: SocialAccountRow): Promise<string | null> {
  const [target] = await ctx.db
    .select({ networkPostId: postTargets.networkPostId })
    .from(postTargets)
    .where(and(eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.accountId, row.id), eq(postTargets.state, "published"), isNotNull(postTargets.networkPostId)))
    .orderBy(desc(postTargets.publishedAt))
    .limit(1);
  return target?.networkPostId ?? null;
}

/** Meta delivers page events only for fields the page installed the app with (subscribed_apps). */
async function subscribedPage(store: SandboxStore, personId: string, kind: InboundKind): Promise<string> {
  const pages = await store.list<SandboxPage>("facebook", "page", { owner: personId });
  const page = pages.find((p) => p.data.subscribedFields.includes(pageField[kind]));
  if (!page) {
    throw new ApiError("webhook_not_subscribed", {
      param: "id",
      platform: "facebook",
      message: `No page of this Facebook account is subscribed to the \`${pageField[kind]}\` webhook field, so Facebook would deliver nothing.`,
    });
  }
  return page.id;
}

const instagramField = { comment: "comments", mention: "mentions", message: "messages" } as const;

/**
 * Instagram delivers only to subscribed accounts: the Instagram-login door per field
 * (`/me/subscribed_apps`), the Facebook-login door once its page installed the app (any field).
 */
async function requireInstagramSubscription(store: SandboxStore, personId: string, viaPage: boolean, kind: InboundKind): Promise<void> {
  const subscribed = viaPage
    ? (await store.list<SandboxPage>("instagram", "page", { owner: personId })).some((p) => p.data.subscribedFields.length > 0)
    : ((await store.get<{ fields: string[] }>("instagram", "subscription", personId))?.data.fields ?? []).includes(instagramField[kind]);
  if (!subscribed) {
    throw new ApiError("webhook_not_subscribed", {
      param: "id",
      platform: "instagram",
      message: viaPage
        ? "The page linked to this Instagram account has not installed the app, so Instagram would deliver nothing."
        : `This Instagram account is not subscribed to the \`${instagramField[kind]}\` webhook field, so Instagram would deliver nothing.`,
    });
  }
}

/**
 * A comment on a Meta network is written by the simulator as the network holds it (a page post's
 * comment, an IG media comment, a Threads reply), on the account's latest post, so the id the
 * webhook carries is one the post's comments list and that takes a reply, hide and delete.
 */
async function metaComment(
  _ctx: DomainContext,
  row: SocialAccountRow,
  simulator: Simulator,
  input: { recipientId: string; handle: string; text: string; latest: string | null; at: Date },
): Promise<SimulatedInbound> {
  const platform = row.platform;
  const publishFirst = "Publish a post on this account (POST /v1/posts) first, or send kind `mention`.";
  if (!input.latest) {
    throw new ApiError("resource_not_found", {
      param: "id",
      platform,
      message: `The ${platform} account ${row.id} has published no post through Chorus, so there is nothing to comment on.`,
      fix: publishFirst,
    });
  }
  const result = await simulator.simulateActivity?.({ action: "reply", recipientId: input.recipientId, actorHandle: input.handle, subject: input.latest, text: input.text });
  if (!result?.ok) {
    throw new ApiError("resource_not_found", { param: "id", platform, message: `The ${platform} sandbox no longer has the account's latest post ${input.latest}.`, fix: publishFirst });
  }
  return { kind: "comment", id: result.networkId, text: input.text, from: { id: result.actor.id, username: result.actor.handle }, postId: input.latest, at: input.at };
}

/**
 * POST /v1/sandbox/social-accounts/{id}/inbound: a simulated person comments on, mentions or
 * messages one of the caller's sandbox accounts. The simulator keeps the item in the workspace's
 * sandbox world and tells Chorus the way its network would: the Meta networks send a webhook
 * signed with the sandbox app's secret through the same handler as /webhooks/meta; on the polled
 * networks the item is the network's own record (sandbox-polled-inbound.ts) and the account's
 * inbox poll records it. The events then go to the caller's webhooks.
 */
export async function triggerSandboxInbound({ ctx, input }: { ctx: DomainContext; input: SandboxInboundInput }) {
  if (ctx.apiKey.mode !== "test") {
    throw new ApiError("sandbox_only", { message: "Only test keys (sk_test_…) can make a sandbox network send something; live accounts hear from the real networks." });
  }
  const row = await requireAccount(ctx, input.id);
  const platform = row.platform;
  if (row.status === "disconnected" || !row.tokensEncrypted) {
    throw new ApiError("account_unknown", { param: "id", message: `The ${platform} account ${row.id} was disconnected; connect it again to use it.` });
  }
  const kinds: readonly InboundKind[] = inboundKindsByPlatform[platform] ?? [];
  if (!kinds.includes(input.kind)) {
    throw new ApiError("capability_unsupported", {
      param: "kind",
      platform,
      message: `The ${platform} API tells apps about no ${input.kind}s${kinds.length ? `; it can send ${kinds.join(", ")}` : ""}.`,
      fix: kinds.length ? `Send kind ${kinds.join(" or ")} for this account.` : "Use an account on a network that has comments, mentions or messages (GET /v1/platforms).",
    });
  }
  const now = ctx.clock.now();
  const store = createDbSandboxStore(ctx.db, ctx.workspace.id);
  const person = await simulatedAccount(store, platform, await openTokens(ctx.services.cipher, row.id, row.tokensEncrypted));
  if (platform === "instagram") await requireInstagramSubscription(store, person.id, row.connectVariant === "facebook_login", input.kind);
  const handle = input.from ?? defaultVisitorHandle(platform);
  // X DMs and Bluesky chat live in the network's own records, read through their DM APIs: nothing
  // is pushed, so the account's next inbox poll finds the message and records message.received.
  const simulator = (await sandboxRuntime(ctx.db, { workspaceId: ctx.workspace.id, now: () => ctx.clock.now(), publicUrl: ctx.services.publicUrl, networks: ctx.services.networks })).simulator(
    platform,
  );
  requireSandboxHandle(simulator, handle, "from");
  if (input.kind === "message" && simulator.receiveMessage) {
    const message = await simulator.receiveMessage({ recipientId: person.id, senderHandle: handle, text: input.text });
    return { account: row.id, platform, kind: input.kind, id: message.id, networkPostId: null, recorded: false };
  }
  if (!metaPlatforms.has(platform) && input.kind !== "message") {
    return polledSandboxInbound(ctx, row, simulator, { kind: input.kind, text: input.text, handle: input.from ?? null, recipientId: person.id, latestPost: await latestNetworkPost(ctx, row) });
  }
  const objectId = platform === "facebook" ? await subscribedPage(store, person.id, input.kind) : row.networkUserId;
  const latest = await latestNetworkPost(ctx, row);
  let item: SimulatedInbound;
  if (input.kind === "comment") {
    item = await metaComment(ctx, row, simulator, { recipientId: person.id, handle, text: input.text, latest, at: now });
  } else {
    const postId = latest ?? (platform === "facebook" ? `${objectId}_${randomDigits(15)}` : randomDigits(17));
    item = {
      kind: input.kind,
      id: input.kind === "message" ? `m_${randomDigits(24)}` : platform === "facebook" ? `${postId.split("_").at(-1) ?? postId}_${randomDigits(15)}` : randomDigits(17),
      text: input.text,
      from: { id: senderId(handle), username: handle },
      postId,
      at: now,
    };
    await store.put(platform, `inbound_${input.kind}`, item.id, { ...item, at: now.toISOString(), objectId }, person.id);
  }

  // Only the Meta networks get here: they push, so the simulator sends the signed webhook.
  const scope = { mode: "test" as const, workspaceId: ctx.workspace.id };
  const body = platform === "facebook" ? pageWebhookBody(objectId, item) : platform === "instagram" ? instagramWebhookBody(objectId, item) : threadsWebhookBody(objectId, item);
  const rawBody = new Uint8Array(new TextEncoder().encode(JSON.stringify(body)));
  const signature = await signMetaBody(rawBody, SANDBOX_CLIENT_SECRET);
  const { recorded } = await receiveMetaWebhook({ db: ctx.db, clock: ctx.clock, jobs: ctx.services.jobs }, { rawBody, signature, secrets: [SANDBOX_CLIENT_SECRET], scope });
  return { account: row.id, platform, kind: input.kind, id: item.id, networkPostId: input.kind === "message" ? null : item.postId, recorded: recorded > 0 };
}
