/**
 * The webhook bodies the simulated Meta networks send, shaped like Meta's own (Webhooks for
 * Pages, Instagram webhooks, Threads webhooks): Chorus receives them through the same signed
 * callback handler as the real ones.
 */

export interface SimulatedInbound {
  kind: "comment" | "mention" | "message";
  /** The network's id of the new comment, mention or message. */
  id: string;
  text: string;
  from: { id: string; username: string };
  /** The post it is on (comments, mentions). */
  postId: string;
  at: Date;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** `object: page`: `feed` comments, `mention`s, and `messaging` for messages. */
export function pageWebhookBody(pageId: string, item: SimulatedInbound): unknown {
  if (item.kind === "message") {
    return {
      object: "page",
      entry: [
        { id: pageId, time: item.at.getTime(), messaging: [{ sender: { id: item.from.id }, recipient: { id: pageId }, timestamp: item.at.getTime(), message: { mid: item.id, text: item.text } }] },
      ],
    };
  }
  const value =
    item.kind === "comment"
      ? {
          item: "comment",
          verb: "add",
          comment_id: item.id,
          post_id: item.postId,
          parent_id: item.postId,
          message: item.text,
          from: { id: item.from.id, name: item.from.username },
          created_time: seconds(item.at),
        }
      : { item: "post", verb: "add", post_id: item.id, sender_id: item.from.id, sender_name: item.from.username, message: item.text, created_time: seconds(item.at) };
  return { object: "page", entry: [{ id: pageId, time: seconds(item.at), changes: [{ field: item.kind === "comment" ? "feed" : "mention", value }] }] };
}

/** `object: instagram`: `comments`, `mentions` (where only, as Instagram sends), and `messaging`. */
export function instagramWebhookBody(igUserId: string, item: SimulatedInbound): unknown {
  if (item.kind === "message") {
    return {
      object: "instagram",
      entry: [
        { id: igUserId, time: item.at.getTime(), messaging: [{ sender: { id: item.from.id }, recipient: { id: igUserId }, timestamp: item.at.getTime(), message: { mid: item.id, text: item.text } }] },
      ],
    };
  }
  const change =
    item.kind === "comment"
      ? { field: "comments", value: { id: item.id, text: item.text, from: { id: item.from.id, username: item.from.username }, media: { id: item.postId, media_product_type: "FEED" } } }
      : { field: "mentions", value: { media_id: item.postId, comment_id: item.id } };
  return { object: "instagram", entry: [{ id: igUserId, time: seconds(item.at), changes: [change] }] };
}

/** Threads' own envelope: topic `moderate` for `replies`, `interaction` for `mentions`. */
export function threadsWebhookBody(userId: string, item: SimulatedInbound): unknown {
  const field = item.kind === "comment" ? "replies" : "mentions";
  return {
    app_id: "chorus-sandbox-threads",
    topic: field === "replies" ? "moderate" : "interaction",
    target_id: userId,
    time: seconds(item.at),
    subscription_id: "sandbox",
    has_uid_field: false,
    values: {
      field,
      value: {
        id: item.id,
        username: item.from.username,
        text: item.text,
        media_type: "TEXT_POST",
        timestamp: item.at.toISOString(),
        ...(field === "replies" ? { replied_to: { id: item.postId }, root_post: { id: item.postId, owner_id: userId } } : {}),
      },
    },
  };
}
