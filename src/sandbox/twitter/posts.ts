import type { Context, Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { invalidRequest, type SandboxMedia, usableMedia } from "./media.js";
import { listingBody, readListing } from "./post-listing.js";
import { displayText } from "./post-text.js";
import { conversationOf, type SandboxPost } from "./state.js";
import { authenticate, rateHeaders, snowflakeId } from "./wire.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * Posts on the simulated X: `POST /2/tweets` (the `CreatePostsRequest` body, which allows no
 * other property), `DELETE /2/tweets/{id}` and `GET /2/users/{id}/tweets`. X refuses the same
 * text again from the same account with its 403 "duplicate content" problem; the sandbox does so
 * for 24 hours (X publishes no window). Timelines show text as X does: links replaced by t.co
 * addresses, a t.co link appended for attached media, and `&`, `<`, `>` escaped.
 */

const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
const CREATE_FIELDS = [
  "card_uri",
  "community_id",
  "direct_message_deep_link",
  "edit_options",
  "for_super_followers_only",
  "geo",
  "made_with_ai",
  "media",
  "nullcast",
  "paid_partnership",
  "poll",
  "quote_tweet_id",
  "reply",
  "reply_settings",
  "share_with_followers",
  "text",
];
const PROBLEM = { "Content-Type": "application/problem+json" };

/**
 * The post a `reply` answers. Self-serve apps may reply only where the author "summoned" the
 * account (since 2026-02-23): the post is the account's own, names it, or answers one of its
 * posts. An unknown or deleted post gets the same 403 (X does not say which).
 */
async function replyTarget(deps: SimulatorDeps, reply: unknown, account: { id: string; handle: string }): Promise<SandboxPost | null | "invalid" | "refused"> {
  if (reply === undefined) return null;
  const id = isRecord(reply) ? reply.in_reply_to_tweet_id : undefined;
  if (typeof id !== "string" || !/^[0-9]{1,19}$/.test(id)) return "invalid";
  const parent = (await deps.store.get<SandboxPost>("twitter", "post", id))?.data;
  if (!parent || parent.deleted) return "refused";
  const summoned = parent.authorId === account.id || parent.replyTo?.authorId === account.id || new RegExp(`(^|[^A-Za-z0-9_])@${account.handle}\\b`, "i").test(parent.text);
  return summoned ? parent : "refused";
}

function forbidden(c: Context, detail: string) {
  return c.json({ detail, type: "about:blank", title: "Forbidden", status: 403 }, 403, PROBLEM);
}

async function postsOf(deps: SimulatorDeps, authorId: string): Promise<SandboxPost[]> {
  return (await deps.store.list<SandboxPost>("twitter", "post", { owner: authorId })).map((r) => r.data).filter((p) => !p.deleted);
}

export function mountPostRoutes(app: Hono, deps: SimulatorDeps): void {
  app.post("/2/tweets", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "tweet.write", "users.read"]);
    if (auth instanceof Response) return auth;
    const body = await jsonBody(c);
    if (!body) return invalidRequest(c, "Request body is not valid JSON");
    const unknown = Object.keys(body).find((key) => !CREATE_FIELDS.includes(key));
    if (unknown) return invalidRequest(c, `$.${unknown}: is not defined in the schema and the schema does not allow additional properties`);
    const text = typeof body.text === "string" ? body.text : "";
    const mediaIds = isRecord(body.media) && Array.isArray(body.media.media_ids) ? body.media.media_ids.filter((id): id is string => typeof id === "string") : [];
    if (body.media !== undefined && (mediaIds.length < 1 || mediaIds.length > 4)) return invalidRequest(c, "$.media.media_ids: must have between 1 and 4 items");
    if (!text && mediaIds.length === 0) return invalidRequest(c, "$.text: text is required unless media is attached");
    if (body.poll !== undefined && mediaIds.length > 0) return invalidRequest(c, "$.poll: a post cannot have both a poll and media");
    const now = deps.now();
    for (const id of mediaIds) {
      const media = (await deps.store.get<SandboxMedia>("twitter", "media", id))?.data ?? null;
      // Unknown, someone else's, not finalized, or still processing: X names them all the same way.
      if (!usableMedia(media, auth.account.id, now)) return invalidRequest(c, "Your media IDs are invalid.");
    }
    const reply = await replyTarget(deps, body.reply, auth.account);
    if (reply === "invalid") return invalidRequest(c, "$.reply.in_reply_to_tweet_id: must match ^[0-9]{1,19}$");
    if (reply === "refused") return forbidden(c, "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.");
    if (text) {
      const recent = (await postsOf(deps, auth.account.id)).find((p) => p.text === text && now.getTime() - new Date(p.createdAt).getTime() < DUPLICATE_WINDOW_MS);
      if (recent) return forbidden(c, "You are not allowed to create a Tweet with duplicate content.");
    }
    const post: SandboxPost = {
      id: snowflakeId(now),
      authorId: auth.account.id,
      text,
      createdAt: now.toISOString(),
      mediaIds,
      deleted: false,
      ...(reply ? { replyTo: { id: reply.id, authorId: reply.authorId }, conversationId: conversationOf(reply) } : {}),
    };
    await deps.store.put("twitter", "post", post.id, post, auth.account.id);
    return c.json({ data: { id: post.id, text: await displayText(post) } }, 201, rateHeaders(deps, 99));
  });

  app.delete("/2/tweets/:id", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "tweet.write", "users.read"]);
    if (auth instanceof Response) return auth;
    const id = c.req.param("id");
    const found = (await deps.store.get<SandboxPost>("twitter", "post", id))?.data;
    if (!found || found.deleted) {
      return c.json(
        {
          title: "Not Found Error",
          type: "https://api.x.com/2/problems/resource-not-found",
          detail: `Could not find tweet with id: [${id}].`,
          status: 404,
          resource_type: "tweet",
          resource_id: id,
          parameter: "id",
        },
        404,
        PROBLEM,
      );
    }
    if (found.authorId !== auth.account.id) return forbidden(c, "You are not allowed to delete this Tweet.");
    await deps.store.put("twitter", "post", id, { ...found, deleted: true }, found.authorId);
    return c.json({ data: { deleted: true } });
  });

  app.get("/2/users/:id/tweets", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "users.read"]);
    if (auth instanceof Response) return auth;
    const max = Number(c.req.query("max_results") ?? "10");
    if (!Number.isInteger(max) || max < 5 || max > 100) return invalidRequest(c, `The \`max_results\` query parameter value [${c.req.query("max_results") ?? ""}] is not between 5 and 100`);
    const start = c.req.query("start_time");
    const since = start ? Date.parse(start) : Number.NEGATIVE_INFINITY;
    if (Number.isNaN(since)) return invalidRequest(c, `The \`start_time\` query parameter value [${start ?? ""}] is not a valid time`);
    const listing = readListing(c);
    if (listing instanceof Response) return listing;
    const exclude = (c.req.query("exclude") ?? "").split(",").filter(Boolean);
    const all = (await postsOf(deps, c.req.param("id")))
      .filter((p) => new Date(p.createdAt).getTime() >= since && !(exclude.includes("replies") && p.replyTo))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    const token = c.req.query("pagination_token");
    const startIndex = token ? all.findIndex((p) => p.id === token) : 0;
    if (startIndex < 0) return invalidRequest(c, `The \`pagination_token\` query parameter value [${token ?? ""}] is not valid`);
    const posts = all.slice(startIndex, startIndex + max);
    return c.json(await listingBody(deps, posts, listing, all[startIndex + max]?.id ?? null), 200, rateHeaders(deps, 899));
  });
}
