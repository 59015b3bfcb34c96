import type { Context, Hono } from "hono";
import { simulatedAudience } from "../sandbox-metrics.js";
import type { SimulatorDeps } from "../types.js";
import { invalidRequest, type SandboxMedia } from "./media.js";
import { mediaKey } from "./post-listing.js";
import type { SandboxPost } from "./state.js";
import { authenticate, rateHeaders } from "./wire.js";

/**
 * GET /2/media/analytics (`getMediaAnalytics` in X's OpenAPI): `media_keys` (1 to 100,
 * `^[0-9]+_[0-9]+$`), `start_time` and `end_time` (required date-times), `granularity`
 * (hourly, daily or total; daily by default) and `media_analytics.fields`. Security is a user
 * token with tweet.read. Each MediaAnalytics object has the period's totals at the top level and
 * `timestamped_metrics`, one bucket per granularity step. The numbers are the simulated audience
 * of the post the video is attached to (sandbox-metrics.ts), counted between the bucket's ends.
 *
 * X sells this report only to some access levels. An app without it gets X's 403 "Client
 * Forbidden" (reason `client-not-enrolled`): the sandbox keeps the app's access in the record
 * `twitter/app/access` (`{ mediaAnalytics: false }` withdraws it; absent, the app has it).
 */

export interface SandboxAppAccess {
  mediaAnalytics: boolean;
}

const PARAMS = ["media_keys", "start_time", "end_time", "granularity", "media_analytics.fields"];
const GRANULARITIES = ["hourly", "daily", "total"];
const FIELDS = [
  "cta_url_clicks",
  "cta_watch_clicks",
  "media_key",
  "play_from_tap",
  "playback25",
  "playback50",
  "playback75",
  "playback_complete",
  "playback_start",
  "timestamp",
  "timestamped_metrics",
  "video_views",
  "watch_time_ms",
];
const STEP_MS: Record<string, number> = { hourly: 3_600_000, daily: 86_400_000 };
const KEY = /^[0-9]+_[0-9]+$/;

type Counters = Record<string, number>;

/** The counters of a video between two instants: the simulated audience's growth over that span. */
function countersBetween(postId: string, createdAt: string, from: Date, to: Date): Counters {
  const at = (when: Date) => simulatedAudience(`twitter:${postId}`, createdAt, when, true);
  const [a, b] = [at(from), at(to)];
  const views = Math.max(0, b.videoViews - a.videoViews);
  const starts = Math.max(0, b.impressions - a.impressions);
  return {
    video_views: views,
    watch_time_ms: Math.max(0, b.watchSeconds - a.watchSeconds) * 1000,
    playback_start: starts,
    playback25: Math.round(views * 0.8),
    playback50: Math.round(views * 0.6),
    playback75: Math.round(views * 0.4),
    playback_complete: Math.round(views * 0.25),
    play_from_tap: Math.round(starts * 0.1),
    cta_url_clicks: 0,
    cta_watch_clicks: 0,
  };
}

function refuseClient(c: Context) {
  return c.json(
    {
      client_id: "sandbox-x-client",
      detail: "When authenticating requests to the X API v2 endpoints, you must use keys and tokens from an X developer App with the appropriate level of API access.",
      registration_url: "https://developer.x.com/en/portal/dashboard",
      title: "Client Forbidden",
      required_enrollment: "Appropriate Level of API Access",
      reason: "client-not-enrolled",
      type: "https://api.x.com/2/problems/client-forbidden",
    },
    403,
    { "Content-Type": "application/problem+json" },
  );
}

const validTime = (value: string | undefined) => value !== undefined && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));

export function mountMediaAnalyticsRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/2/media/analytics", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read"]);
    if (auth instanceof Response) return auth;
    if ((await deps.store.get<SandboxAppAccess>("twitter", "app", "access"))?.data.mediaAnalytics === false) return refuseClient(c);
    const stray = Object.keys(c.req.queries()).find((name) => !PARAMS.includes(name));
    if (stray) return invalidRequest(c, `The query parameter [${stray}] is not one of [${PARAMS.join(",")}]`);
    const keys = (c.req.query("media_keys") ?? "").split(",").filter(Boolean);
    if (keys.length < 1 || keys.length > 100 || keys.some((k) => !KEY.test(k))) {
      return invalidRequest(c, `The \`media_keys\` query parameter value [${c.req.query("media_keys") ?? ""}] must be 1 to 100 comma-separated media keys`);
    }
    for (const name of ["start_time", "end_time"]) {
      const value = c.req.query(name);
      if (value === undefined) return invalidRequest(c, `The \`${name}\` query parameter can not be empty`);
      if (!validTime(value)) return invalidRequest(c, `The \`${name}\` query parameter value [${value}] is not a valid RFC 3339 date-time`);
    }
    const start = new Date(c.req.query("start_time") ?? "");
    const end = new Date(c.req.query("end_time") ?? "");
    if (end <= start) return invalidRequest(c, `The \`end_time\` query parameter value [${c.req.query("end_time")}] must be after the \`start_time\``);
    const granularity = c.req.query("granularity") ?? "daily";
    if (!GRANULARITIES.includes(granularity)) return invalidRequest(c, `The \`granularity\` query parameter value [${granularity}] is not one of [${GRANULARITIES.join(",")}]`);
    const fields = (c.req.query("media_analytics.fields") ?? "").split(",").filter(Boolean);
    const unknown = fields.find((f) => !FIELDS.includes(f));
    if (unknown) return invalidRequest(c, `The \`media_analytics.fields\` query parameter value [${unknown}] is not one of [${FIELDS.join(",")}]`);

    const posts = (await deps.store.list<SandboxPost>("twitter", "post")).map((r) => r.data).filter((p) => !p.deleted);
    const data: Record<string, unknown>[] = [];
    const errors: Record<string, unknown>[] = [];
    for (const key of keys) {
      const mediaId = key.split("_")[1] ?? "";
      const media = (await deps.store.get<SandboxMedia>("twitter", "media", mediaId))?.data ?? null;
      const post = posts.find((p) => p.mediaIds.includes(mediaId));
      if (!media || !post || mediaKey(media, mediaId) !== key || !media.mediaType.startsWith("video/")) {
        errors.push({
          value: key,
          detail: `Could not find media with media_keys: [${key}].`,
          title: "Not Found Error",
          resource_type: "media",
          parameter: "media_keys",
          resource_id: key,
          type: "https://api.x.com/2/problems/resource-not-found",
        });
        continue;
      }
      if (media.accountId !== auth.account.id) {
        errors.push({
          value: key,
          detail: `Sorry, you are not authorized to see the media with media_keys: [${key}].`,
          title: "Authorization Error",
          resource_type: "media",
          parameter: "media_keys",
          resource_id: key,
          type: "https://api.x.com/2/problems/not-authorized-for-resource",
        });
        continue;
      }
      const step = STEP_MS[granularity] ?? end.getTime() - start.getTime();
      const buckets: { timestamp: string; metrics: Counters }[] = [];
      for (let t = start.getTime(); t < end.getTime(); t += step) {
        buckets.push({ timestamp: new Date(t).toISOString(), metrics: countersBetween(post.id, post.createdAt, new Date(t), new Date(Math.min(t + step, end.getTime()))) });
      }
      const item: Record<string, unknown> = { media_key: key, timestamp: start.toISOString(), ...countersBetween(post.id, post.createdAt, start, end), timestamped_metrics: buckets };
      data.push(Object.fromEntries(Object.entries(item).filter(([k]) => k === "media_key" || fields.includes(k))));
    }
    return c.json({ ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) }, 200, rateHeaders(deps, 299));
  });
}
