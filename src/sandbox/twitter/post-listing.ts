import type { Context } from "hono";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { invalidRequest, type SandboxMedia } from "./media.js";
import { displayText, type SandboxPost } from "./posts.js";
import { userObjects } from "./users.js";

/**
 * How the simulated X lists posts (search, a user's timeline): only the `post.fields`,
 * `expansions`, `user.fields` and `media.fields` asked for are in the answer, as on X, and a
 * value outside what the simulator serves is X's 400 naming the parameter and value.
 */

const SERVED = {
  "post.fields": ["attachments", "conversation_id", "created_at", "id", "lang", "public_metrics", "text"],
  expansions: ["attachments.media_keys", "author_id"],
  "user.fields": ["description", "id", "name", "profile_image_url", "public_metrics", "url", "username", "verified"],
  "media.fields": ["media_key", "type"],
} as const;

type ListParam = keyof typeof SERVED;

export interface Listing {
  fields: Record<ListParam, string[]>;
}

/** The asked fields, or X's 400 for one it does not know. */
export function readListing(c: Context): Listing | Response {
  const fields = {} as Record<ListParam, string[]>;
  for (const name of Object.keys(SERVED) as ListParam[]) {
    const asked = (c.req.query(name) ?? "").split(",").filter(Boolean);
    const served: readonly string[] = SERVED[name];
    const unknown = asked.find((f) => !served.includes(f));
    if (unknown) return invalidRequest(c, `The \`${name}\` query parameter value [${unknown}] is not one of [${served.join(",")}]`);
    fields[name] = asked;
  }
  return { fields };
}

/** Media keys are `<digit>_<media id>` on X; the leading digit is the kind (3 photo, 7 video, 16 GIF). */
export const mediaKey = (media: SandboxMedia | null, id: string) => `${media?.mediaType.startsWith("video/") ? "7" : media?.mediaType === "image/gif" ? "16" : "3"}_${id}`;
export const mediaKind = (media: SandboxMedia | null) => (media?.mediaType.startsWith("video/") ? "video" : media?.mediaType === "image/gif" ? "animated_gif" : "photo");

/** X's list body: `data`, `includes` for the expansions asked, and `meta` with the page's ids and next token. */
export async function listingBody(deps: SimulatorDeps, posts: SandboxPost[], listing: Listing, next: string | null, extraPostFields: readonly string[] = []) {
  const { fields } = listing;
  const postFields = [...fields["post.fields"], ...extraPostFields];
  const authors = new Map<string, SandboxAccount>();
  const media: Record<string, unknown>[] = [];
  const data = [];
  for (const post of posts) {
    const author = authors.get(post.authorId) ?? (await deps.store.get<SandboxAccount>("twitter", "account", post.authorId))?.data;
    if (author) authors.set(author.id, author);
    const keys: string[] = [];
    for (const id of post.mediaIds) {
      const stored = (await deps.store.get<SandboxMedia>("twitter", "media", id))?.data ?? null;
      const key = mediaKey(stored, id);
      keys.push(key);
      media.push(Object.fromEntries(Object.entries({ media_key: key, type: mediaKind(stored) }).filter(([k]) => k === "media_key" || fields["media.fields"].includes(k))));
    }
    const available: Record<string, unknown> = {
      created_at: post.createdAt,
      conversation_id: post.replyTo?.id ?? post.id,
      lang: "en",
      // The sandbox keeps no likes, replies or reposts of X posts: what it counts is what exists.
      public_metrics: { repost_count: 0, reply_count: 0, like_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 0 },
      ...(keys.length > 0 ? { attachments: { media_keys: keys } } : {}),
      author_id: post.authorId,
    };
    const expanded = fields.expansions.includes("author_id") ? { author_id: post.authorId } : {};
    data.push({
      id: post.id,
      text: await displayText(post),
      edit_history_tweet_ids: [post.id],
      ...Object.fromEntries(Object.entries(available).filter(([k]) => postFields.includes(k))),
      ...expanded,
    });
  }
  const users = fields.expansions.includes("author_id") ? await userObjects(deps, [...authors.values()], fields["user.fields"]) : [];
  const mediaIncluded = fields.expansions.includes("attachments.media_keys") ? media : [];
  const first = posts[0];
  const last = posts.at(-1);
  return {
    ...(data.length > 0 ? { data } : {}),
    ...(users.length > 0 || mediaIncluded.length > 0 ? { includes: { ...(users.length > 0 ? { users } : {}), ...(mediaIncluded.length > 0 ? { media: mediaIncluded } : {}) } } : {}),
    meta: { result_count: data.length, ...(first && last ? { newest_id: first.id, oldest_id: last.id } : {}), ...(next ? { next_token: next } : {}) },
  };
}

/**
 * A post as the conversation search and the mentions timeline show it: the `post.fields` asked
 * of what the read serves (`available`), and the author and the replied-to post when the
 * `expansions` ask for them.
 */
export async function threadPostObject(post: SandboxPost, available: Record<string, unknown>, fields: readonly string[], expansions: readonly string[]) {
  const expanded: Record<string, unknown> = {
    author_id: post.authorId,
    ...(post.replyTo ? { in_reply_to_user_id: post.replyTo.authorId, referenced_posts: [{ type: "replied_to", id: post.replyTo.id }] } : {}),
  };
  return {
    id: post.id,
    text: await displayText(post),
    edit_history_post_ids: [post.id],
    ...Object.fromEntries(Object.entries(available).filter(([k]) => fields.includes(k))),
    ...Object.fromEntries(Object.entries(expanded).filter(([k]) => expansions.includes(k))),
  };
}
