import * as v from "valibot";
import { type InboundItem, inboundItem } from "./inbound-item.js";

/*
 * Meta's webhook bodies, read loosely: Meta adds fields at will, so only what we use is checked,
 * and a piece we cannot read is skipped rather than failing the whole delivery (Meta would retry
 * it for hours and the good pieces with it). Shapes: Webhooks for Pages (`feed`, `mention`,
 * `messaging`), Instagram (`comments`, `mentions`, `messaging`) and Threads (`replies`,
 * `mentions`, in its own `values` envelope).
 */

const Id = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);
const Time = v.optional(v.union([v.number(), v.string()]));

const Change = v.object({ field: v.string(), value: v.unknown() });
const Messaging = v.object({
  sender: v.object({ id: Id }),
  recipient: v.optional(v.object({ id: Id })),
  timestamp: Time,
  message: v.optional(v.object({ mid: v.string(), text: v.optional(v.string()), attachments: v.optional(v.array(v.unknown())), is_echo: v.optional(v.boolean()) })),
});
const Entry = v.object({ id: Id, time: Time, changes: v.optional(v.array(v.unknown())), messaging: v.optional(v.array(v.unknown())) });
const Envelope = v.object({ object: v.string(), entry: v.array(v.unknown()) });

const From = v.optional(v.object({ id: v.optional(Id), name: v.optional(v.string()), username: v.optional(v.string()) }));
const FeedValue = v.object({
  item: v.string(),
  verb: v.string(),
  comment_id: v.optional(v.string()),
  post_id: v.optional(v.string()),
  parent_id: v.optional(v.string()),
  message: v.optional(v.string()),
  from: From,
  created_time: Time,
});
const PageMentionValue = v.object({
  item: v.string(),
  verb: v.string(),
  post_id: v.optional(v.string()),
  comment_id: v.optional(v.string()),
  sender_id: v.optional(Id),
  sender_name: v.optional(v.string()),
  message: v.optional(v.string()),
  created_time: Time,
});
const IgCommentValue = v.object({ id: v.string(), text: v.optional(v.string()), from: From, media: v.optional(v.object({ id: v.string() })), parent_id: v.optional(v.string()) });
const IgMentionValue = v.object({ media_id: v.optional(v.string()), comment_id: v.optional(v.string()) });
const ThreadsValue = v.object({
  id: v.string(),
  username: v.optional(v.string()),
  text: v.optional(v.string()),
  timestamp: v.optional(v.string()),
  replied_to: v.optional(v.object({ id: v.string() })),
  root_post: v.optional(v.object({ id: v.string(), owner_id: v.optional(Id) })),
});
const ThreadsEnvelope = v.object({ target_id: v.optional(Id), time: Time, values: v.union([v.array(v.unknown()), v.unknown()]) });

const read = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> | null => {
  const parsed = v.safeParse(schema, value);
  return parsed.success ? parsed.output : null;
};

/** Meta sends Unix seconds (most fields), milliseconds (messaging, some entries) or ISO strings (Threads). */
function timeOf(value: number | string | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const date = typeof value === "string" ? new Date(/^\d+$/.test(value) ? Number(value) * 1000 : value) : new Date(value > 1e12 ? value : value * 1000);
  return Number.isNaN(date.getTime()) ? fallback : date;
}

function messagingItems(platform: "facebook" | "instagram", objectId: string, events: unknown[], now: Date): InboundItem[] {
  const items: InboundItem[] = [];
  for (const raw of events) {
    const event = read(Messaging, raw);
    if (!event?.message) continue;
    items.push(
      inboundItem({
        platform,
        objectId,
        kind: "message",
        itemId: event.message.mid,
        author: { id: event.sender.id, handle: null, displayName: null },
        text: event.message.text ?? null,
        createdAt: timeOf(event.timestamp, now),
        hasAttachments: (event.message.attachments?.length ?? 0) > 0,
        echo: event.message.is_echo === true,
      }),
    );
  }
  return items;
}

function pageChange(objectId: string, change: v.InferOutput<typeof Change>, at: Date): InboundItem | null {
  if (change.field === "feed") {
    const value = read(FeedValue, change.value);
    if (!value || value.item !== "comment" || value.verb !== "add" || !value.comment_id) return null;
    return inboundItem({
      platform: "facebook",
      objectId,
      kind: "comment",
      itemId: value.comment_id,
      author: { id: value.from?.id ?? null, handle: value.from?.name ?? null, displayName: value.from?.name ?? null },
      text: value.message ?? null,
      createdAt: timeOf(value.created_time, at),
      networkPostId: value.post_id ?? null,
      // A top-level comment's parent is the post itself.
      parentId: value.parent_id && value.parent_id !== value.post_id ? value.parent_id : null,
    });
  }
  if (change.field === "mention") {
    const value = read(PageMentionValue, change.value);
    const itemId = value?.comment_id ?? value?.post_id;
    if (!value || value.verb !== "add" || !itemId) return null;
    return inboundItem({
      platform: "facebook",
      objectId,
      kind: "mention",
      itemId,
      author: { id: value.sender_id ?? null, handle: value.sender_name ?? null, displayName: value.sender_name ?? null },
      text: value.message ?? null,
      createdAt: timeOf(value.created_time, at),
      networkPostId: value.post_id ?? null,
      commentId: value.comment_id ?? null,
    });
  }
  return null;
}

function instagramChange(objectId: string, change: v.InferOutput<typeof Change>, at: Date): InboundItem | null {
  if (change.field === "comments") {
    const value = read(IgCommentValue, change.value);
    if (!value) return null;
    return inboundItem({
      platform: "instagram",
      objectId,
      kind: "comment",
      itemId: value.id,
      author: { id: value.from?.id ?? null, handle: value.from?.username ?? null, displayName: null },
      text: value.text ?? null,
      createdAt: at,
      networkPostId: value.media?.id ?? null,
      parentId: value.parent_id ?? null,
    });
  }
  if (change.field === "mentions") {
    // Instagram says only where the mention is; reading it takes a call (`mentioned_media`/`mentioned_comment`).
    const value = read(IgMentionValue, change.value);
    const itemId = value?.comment_id ?? value?.media_id;
    if (!value || !itemId) return null;
    return inboundItem({ platform: "instagram", objectId, kind: "mention", itemId, createdAt: at, networkPostId: value.media_id ?? null, commentId: value.comment_id ?? null });
  }
  return null;
}

function threadsValue(objectId: string, field: string, raw: unknown, at: Date): InboundItem | null {
  if (field !== "replies" && field !== "mentions") return null;
  const value = read(ThreadsValue, raw);
  if (!value) return null;
  return inboundItem({
    platform: "threads",
    objectId,
    kind: field === "replies" ? "comment" : "mention",
    itemId: value.id,
    author: { id: null, handle: value.username ?? null, displayName: null },
    text: value.text ?? null,
    createdAt: timeOf(value.timestamp, at),
    networkPostId: value.root_post?.id ?? value.replied_to?.id ?? null,
    parentId: field === "replies" && value.replied_to && value.replied_to.id !== value.root_post?.id ? value.replied_to.id : null,
  });
}

/** Threads' own envelope: `{ target_id, time, values: { field, value } }` (an object in Meta's sample; an array is accepted too). */
function threadsItems(body: unknown, now: Date): InboundItem[] {
  const envelope = read(ThreadsEnvelope, body);
  if (!envelope?.target_id) return [];
  const at = timeOf(envelope.time, now);
  const values = Array.isArray(envelope.values) ? envelope.values : [envelope.values];
  return values
    .map((raw) => read(Change, raw))
    .flatMap((change) => (change ? [threadsValue(String(envelope.target_id), change.field, change.value, at)] : []))
    .filter((i): i is InboundItem => i !== null);
}

/** Every comment, mention and message in one Meta webhook body (any of the three objects). */
export function parseMetaWebhook(body: unknown, now: Date): InboundItem[] {
  const envelope = read(Envelope, body);
  if (!envelope) return threadsItems(body, now);
  const platform = envelope.object === "page" ? "facebook" : envelope.object === "instagram" ? "instagram" : envelope.object === "threads" ? "threads" : null;
  if (!platform) return [];
  const items: InboundItem[] = [];
  for (const rawEntry of envelope.entry) {
    const entry = read(Entry, rawEntry);
    if (!entry) continue;
    const at = timeOf(entry.time, now);
    if (platform !== "threads") items.push(...messagingItems(platform, entry.id, entry.messaging ?? [], now));
    for (const rawChange of entry.changes ?? []) {
      const change = read(Change, rawChange);
      if (!change) continue;
      const item =
        platform === "facebook" ? pageChange(entry.id, change, at) : platform === "instagram" ? instagramChange(entry.id, change, at) : threadsValue(entry.id, change.field, change.value, at);
      if (item) items.push(item);
    }
  }
  return items;
}
