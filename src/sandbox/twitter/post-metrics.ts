import type { Context, Hono } from "hono";
import { simulatedAudience } from "../sandbox-metrics.js";
import type { SimulatorDeps } from "../types.js";
import { invalidRequest, type SandboxMedia } from "./media.js";
import { mediaKey, mediaKind } from "./post-listing.js";
import { displayText } from "./post-text.js";
import type { SandboxPost } from "./state.js";
import { authenticate, rateHeaders } from "./wire.js";

/**
 * GET /2/tweets (`getPostsByIds`) with the metric fields: `public_metrics` for any post, and
 * `non_public_metrics` only for the caller's own posts younger than 30 days; X answers any other
 * post with a "Field Authorization Error" in `errors` instead of the post. Replies are counted
 * from the simulated world's posts; impressions, likes and the rest come from the simulated
 * audience (sandbox-metrics.ts), since X's simulated people do not like or repost. With
 * `expansions=attachments.media_keys`, `includes.media` has the posts' media, a video's with
 * `public_metrics.view_count`.
 */

const POST_FIELDS = [
  "article",
  "article_title",
  "attachments",
  "card_uri",
  "community_id",
  "context_annotations",
  "conversation_id",
  "created_at",
  "display_text_range",
  "edit_controls",
  "entities",
  "geo",
  "id",
  "lang",
  "matched_media_notes",
  "media_metadata",
  "non_public_metrics",
  "note_post",
  "note_request_suggestions",
  "organic_metrics",
  "paid_partnership",
  "possibly_sensitive",
  "promoted_metrics",
  "public_metrics",
  "reply_settings",
  "scopes",
  "source",
  "suggested_source_links",
  "suggested_source_links_with_counts",
  "text",
  "withheld",
];
const PRIVATE_DAYS = 30;
/** `expansions` and `media.fields` as X's OpenAPI enumerates them for getPostsByIds. */
const EXPANSIONS = [
  "article.cover_media",
  "article.media_entities",
  "attachments.media_keys",
  "attachments.media_source_tweet",
  "attachments.poll_ids",
  "author_id",
  "edit_history_post_ids",
  "entities.mentions.username",
  "geo.place_id",
  "in_reply_to_user_id",
  "referenced_posts",
  "username",
];
const MEDIA_FIELDS = [
  "alt_text",
  "duration_ms",
  "height",
  "media_key",
  "non_public_metrics",
  "organic_metrics",
  "preview_image_url",
  "promoted_metrics",
  "public_metrics",
  "type",
  "url",
  "variants",
  "width",
];
/** What the simulator answers of them; the rest of X's values are refused as unserved rather than answered wrong. */
const SERVED_EXPANSIONS = ["attachments.media_keys"];
const SERVED_MEDIA_FIELDS = ["media_key", "type", "public_metrics"];

function listParam(c: Context, name: string, known: readonly string[], served: readonly string[]): string[] | Response {
  const asked = (c.req.query(name) ?? "").split(",").filter(Boolean);
  const unknown = asked.find((f) => !known.includes(f));
  if (unknown) return invalidRequest(c, `The \`${name}\` query parameter value [${unknown}] is not one of [${known.join(",")}]`);
  const unserved = asked.find((f) => !served.includes(f));
  if (unserved) return invalidRequest(c, `The sandbox does not serve \`${name}\` value [${unserved}]; it serves [${served.join(",")}]`);
  return asked;
}

export function mountPostMetricRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/2/tweets", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "users.read"]);
    if (auth instanceof Response) return auth;
    const ids = (c.req.query("ids") ?? "").split(",").filter(Boolean);
    if (ids.length < 1 || ids.length > 100 || ids.some((id) => !/^[0-9]{1,19}$/.test(id))) {
      return invalidRequest(c, `The \`ids\` query parameter value [${c.req.query("ids") ?? ""}] must be 1 to 100 comma-separated post ids`);
    }
    const fields = (c.req.query("post.fields") ?? "").split(",").filter(Boolean);
    const unknown = fields.find((f) => !POST_FIELDS.includes(f));
    if (unknown) return invalidRequest(c, `The \`post.fields\` query parameter value [${unknown}] is not one of [${POST_FIELDS.join(",")}]`);
    const expansions = listParam(c, "expansions", EXPANSIONS, SERVED_EXPANSIONS);
    if (expansions instanceof Response) return expansions;
    const mediaFields = listParam(c, "media.fields", MEDIA_FIELDS, SERVED_MEDIA_FIELDS);
    if (mediaFields instanceof Response) return mediaFields;
    const now = deps.now();
    const media: Record<string, unknown>[] = [];
    const posts = (await deps.store.list<SandboxPost>("twitter", "post")).map((r) => r.data).filter((p) => !p.deleted);
    const data: Record<string, unknown>[] = [];
    const errors: Record<string, unknown>[] = [];
    for (const id of ids) {
      const post = posts.find((p) => p.id === id);
      if (!post) {
        errors.push({
          value: id,
          detail: `Could not find post with ids: [${id}].`,
          title: "Not Found Error",
          resource_type: "post",
          parameter: "ids",
          resource_id: id,
          type: "https://api.x.com/2/problems/resource-not-found",
        });
        continue;
      }
      const own = post.authorId === auth.account.id && now.getTime() - Date.parse(post.createdAt) < PRIVATE_DAYS * 86_400_000;
      if (fields.includes("non_public_metrics") && !own) {
        errors.push({
          value: id,
          detail: "Sorry, you are not authorized to access 'non_public_metrics' on a Post.",
          title: "Field Authorization Error",
          resource_type: "post",
          parameter: "non_public_metrics",
          resource_id: id,
          type: "https://api.x.com/2/problems/not-authorized-for-field",
        });
        continue;
      }
      const audience = simulatedAudience(`twitter:${id}`, post.createdAt, now);
      const replies = posts.filter((p) => p.replyTo?.id === id).length;
      const item: Record<string, unknown> = { id, text: await displayText(post), edit_history_tweet_ids: [id] };
      if (fields.includes("public_metrics")) {
        item.public_metrics = {
          repost_count: audience.shares,
          reply_count: replies,
          like_count: audience.likes,
          quote_count: 0,
          bookmark_count: audience.saves,
          impression_count: audience.impressions,
        };
      }
      if (fields.includes("non_public_metrics")) {
        item.non_public_metrics = {
          impression_count: audience.impressions,
          url_link_clicks: audience.clicks,
          user_profile_clicks: audience.profileVisits,
          engagements: audience.likes + audience.shares + replies + audience.clicks,
        };
      }
      const keys: string[] = [];
      for (const mediaId of post.mediaIds) {
        const stored = (await deps.store.get<SandboxMedia>("twitter", "media", mediaId))?.data ?? null;
        const key = mediaKey(stored, mediaId);
        keys.push(key);
        const type = mediaKind(stored);
        // MediaPublicMetrics (`view_count`) is a video's: photos carry none.
        const views = type === "video" ? { public_metrics: { view_count: simulatedAudience(`twitter:${id}`, post.createdAt, now, true).videoViews } } : {};
        const node: Record<string, unknown> = { media_key: key, type, ...views };
        media.push(Object.fromEntries(Object.entries(node).filter(([k]) => k === "media_key" || mediaFields.includes(k))));
      }
      if (keys.length > 0 && (fields.includes("attachments") || expansions.includes("attachments.media_keys"))) item.attachments = { media_keys: keys };
      data.push(item);
    }
    const includes = expansions.includes("attachments.media_keys") && media.length > 0 ? { includes: { media } } : {};
    return c.json({ ...(data.length > 0 ? { data } : {}), ...includes, ...(errors.length > 0 ? { errors } : {}) }, 200, rateHeaders(deps, 899));
  });
}
