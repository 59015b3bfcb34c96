import { mountAnalyticsReportRoutes } from "./analytics-reports.js";
import { type Context, Hono } from "hono";
import { applyLatencyFaults, checkToken, numericId, seedSandboxAccount } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps, SimulatorFactory } from "../types.js";
import { mountGoogleOAuth } from "../google/oauth-sim.js";
import { bearerToken, decodePageToken, insufficientScopesMessage, invalidCredentialsMessage, paginate, randomEtag, unmatched, youtubeErrorBody } from "../google/wire.js";
import { mountEngagementRoutes } from "./engagement.js";
import { mountCommentRoutes, simulateYoutubeActivity } from "./comments.js";
import { mountCommentThreadInsert } from "./comment-thread-insert.js";
import { mountLiveStreamingRoutes } from "./live-streaming.js";
import { mountPlaylistRoutes } from "./playlists.js";
import { mountSearchRoutes } from "./search.js";
import { mountThumbnailRoutes } from "./thumbnails.js";
import { mountVideoRoutes } from "./videos.js";
import { mountVideoUpdate } from "./video-update.js";
import { type SandboxBroadcast, type SandboxChannel, type SandboxVideo, broadcastResource, channelOf, channelResource, ensureChannel } from "./youtube-data.js";

/**
 * YouTube Data API v3 test double: Google's OAuth server (shared with googlebusiness), the
 * reads the adapter makes (channels.list, liveBroadcasts.list) and publishing (videos.ts:
 * resumable videos.insert, videos.list/delete; playlists.ts), with YouTube's parameter rules, part
 * filtering, page tokens and error bodies. Handles starting with `nochannel` sign
 * up as Google accounts without a channel.
 */
const SCOPE = "https://www.googleapis.com/auth/";
const readScopes = ["youtube", "youtube.force-ssl", "youtube.readonly"].map((s) => SCOPE + s);
const channelReadScopes = [...readScopes, `${SCOPE}youtubepartner`, `${SCOPE}youtubepartner-channel-audit`];
const channelParts = ["auditDetails", "brandingSettings", "contentDetails", "contentOwnerDetails", "id", "localizations", "snippet", "statistics", "status", "topicDetails"];
const broadcastParts = ["contentDetails", "id", "monetizationDetails", "snippet", "statistics", "status"];

type Authorized = { account: SandboxAccount; scopes: string[] };

export const createYoutubeSimulator: SimulatorFactory = (deps: SimulatorDeps) => {
  const app = new Hono();

  const seedAccount = async (input: { handle: string }): Promise<SandboxAccount> => {
    const account = await seedSandboxAccount(deps, "youtube", input, () => `ytacct${numericId(12)}`);
    await ensureChannel(deps, account);
    return account;
  };

  mountGoogleOAuth(app, deps, {
    platform: "youtube",
    ownsScopes: (scopes) => scopes.some((s) => s.startsWith(`${SCOPE}youtube`) || s.startsWith(`${SCOPE}yt-analytics`)),
    seedAccount,
  });

  /** Google's auth layer, then the account's faults, then the method's scope rule. */
  async function authorize(c: Context, allowed: string[]): Promise<Authorized | Response> {
    const token = bearerToken(c);
    if (!token) {
      return c.json(
        youtubeErrorBody(401, "required", "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.", {
          detail: "Login Required.",
          location: "Authorization",
          locationType: "header",
        }),
        401,
      );
    }
    const check = await checkToken(deps, "youtube", token);
    if (!check.ok) {
      c.header("www-authenticate", 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      return c.json(youtubeErrorBody(401, "authError", invalidCredentialsMessage, { detail: "Invalid Credentials", location: "Authorization", locationType: "header" }), 401);
    }
    const account = check.account;
    if ((await applyLatencyFaults(deps, account, c.req.raw.signal)) === "down") {
      return c.json(youtubeErrorBody(503, "backendError", "The service is currently unavailable."), 503);
    }
    if (account.fault === "rate_limited") {
      return c.json(youtubeErrorBody(429, "rateLimitExceeded", "Resource has been exhausted (e.g. check quota)."), 429);
    }
    if (account.fault === "revoked_permission" || !check.token.scopes.some((s) => allowed.includes(s))) {
      c.header("www-authenticate", 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"');
      return c.json(youtubeErrorBody(403, "insufficientPermissions", insufficientScopesMessage, { detail: "Insufficient Permission" }), 403);
    }
    return { account, scopes: check.token.scopes };
  }

  /** `part` is required and may repeat or be comma-separated; unknown parts are refused. */
  function readParts(c: Context, known: string[]): string[] | Response {
    const parts = (c.req.queries("part") ?? [])
      .flatMap((p) => p.split(","))
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length === 0) {
      return c.json(youtubeErrorBody(400, "required", "Required parameter: part", { location: "part" }), 400);
    }
    const unknown = parts.find((p) => !known.includes(p));
    if (unknown) return c.json(youtubeErrorBody(400, "unknownPart", `'${unknown}'`, { domain: "youtube.part", location: "part" }), 400);
    return parts;
  }

  /** Exactly one filter parameter, as the Data API requires for list methods. */
  function oneFilter(c: Context, filters: string[]): string | Response {
    const given = filters.filter((f) => c.req.query(f) !== undefined);
    if (given.length === 1 && given[0]) return given[0];
    if (given.length === 0) {
      return c.json(youtubeErrorBody(400, "missingRequiredParameter", `No filter selected. Expected one of: ${filters.join(", ")}`, { domain: "youtube.parameter" }), 400);
    }
    return c.json(youtubeErrorBody(400, "incompatibleParameters", `Incompatible parameters specified in the request: ${given.join(", ")}`, { domain: "youtube.parameter" }), 400);
  }

  function pageArgs(c: Context, max: number, fallback: number): { offset: number; size: number } | Response {
    const raw = c.req.query("maxResults");
    const size = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(size) || size < 0 || size > max) {
      return c.json(youtubeErrorBody(400, "invalidValue", `Invalid value '${raw ?? ""}'. Values must be within the range: [0, ${max}]`, { location: "maxResults" }), 400);
    }
    const offset = decodePageToken(c.req.query("pageToken"));
    if (offset === null) return c.json(youtubeErrorBody(400, "invalidPageToken", "The request specifies an invalid page token.", { domain: "youtube.parameter", location: "pageToken" }), 400);
    return { offset, size };
  }

  /** What the channel's statistics count: its public videos in the simulated world (it has no subscribers). */
  async function publicVideoCount(channel: SandboxChannel): Promise<number> {
    return (await deps.store.list<SandboxVideo>("youtube", "video")).filter((r) => r.data.channelId === channel.id && r.data.status.privacyStatus === "public" && r.data.file === "video").length;
  }

  app.get("/youtube/v3/channels", async (c) => {
    const auth = await authorize(c, channelReadScopes);
    if (auth instanceof Response) return auth;
    const parts = readParts(c, channelParts);
    if (parts instanceof Response) return parts;
    const filter = oneFilter(c, ["mine", "id", "forHandle", "forUsername", "managedByMe", "mySubscribers", "categoryId"]);
    if (filter instanceof Response) return filter;
    const paging = pageArgs(c, 50, 5);
    if (paging instanceof Response) return paging;
    let channels: SandboxChannel[] = [];
    if (filter === "mine" && c.req.query("mine") === "true") {
      const own = await channelOf(deps, auth.account.id);
      channels = own ? [own] : [];
    } else if (filter === "id") {
      const ids = (c.req.queries("id") ?? []).flatMap((i) => i.split(","));
      const all = await deps.store.list<SandboxChannel>("youtube", "channel");
      channels = all.map((r) => r.data).filter((ch) => ids.includes(ch.id));
    } else if (filter === "forHandle") {
      const wanted = (c.req.query("forHandle") ?? "").replace(/^@/, "").toLowerCase();
      const all = await deps.store.list<SandboxChannel>("youtube", "channel");
      channels = all.map((r) => r.data).filter((ch) => ch.customUrl.slice(1) === wanted);
    }
    const { page, nextPageToken } = paginate(channels, paging.offset, paging.size);
    // A Google account without a channel gets 200 with no `items`, as YouTube answers.
    return c.json({
      kind: "youtube#channelListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      pageInfo: { totalResults: channels.length, resultsPerPage: paging.size },
      ...(page.length > 0 ? { items: await Promise.all(page.map(async (ch) => channelResource(ch, parts, await publicVideoCount(ch)))) } : {}),
    });
  });

  app.get("/youtube/v3/liveBroadcasts", async (c) => {
    const auth = await authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    const parts = readParts(c, broadcastParts);
    if (parts instanceof Response) return parts;
    const filter = oneFilter(c, ["broadcastStatus", "id", "mine"]);
    if (filter instanceof Response) return filter;
    const status = c.req.query("broadcastStatus");
    if (status !== undefined && !["all", "active", "upcoming", "completed"].includes(status)) {
      return c.json(youtubeErrorBody(400, "invalidValue", `Invalid value '${status}'.`, { location: "broadcastStatus" }), 400);
    }
    const type = c.req.query("broadcastType") ?? "event";
    if (!["all", "event", "persistent"].includes(type)) {
      return c.json(youtubeErrorBody(400, "invalidValue", `Invalid value '${type}'.`, { location: "broadcastType" }), 400);
    }
    const paging = pageArgs(c, 50, 5);
    if (paging instanceof Response) return paging;
    const channel = await channelOf(deps, auth.account.id);
    if (!channel) {
      return c.json(youtubeErrorBody(401, "youtubeSignupRequired", "Unauthorized", { domain: "youtube.header", location: "Authorization", locationType: "header" }), 401);
    }
    const ids = (c.req.queries("id") ?? []).flatMap((i) => i.split(","));
    const own = (await deps.store.list<SandboxBroadcast>("youtube", "broadcast", { owner: auth.account.id })).map((r) => r.data);
    const matches = own
      .filter((b) => filter !== "id" || ids.includes(b.id))
      .filter((b) => type === "all" || b.broadcastType === type)
      .filter((b) => {
        if (status === undefined || status === "all") return true;
        if (status === "upcoming") return b.lifeCycleStatus === "created" || b.lifeCycleStatus === "ready";
        if (status === "active") return b.lifeCycleStatus === "live";
        return b.lifeCycleStatus === "complete";
      })
      .sort((a, b) => a.scheduledStartTime.localeCompare(b.scheduledStartTime));
    const { page, nextPageToken } = paginate(matches, paging.offset, paging.size);
    return c.json({
      kind: "youtube#liveBroadcastListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      pageInfo: { totalResults: matches.length, resultsPerPage: paging.size },
      items: page.map((b) => broadcastResource(b, parts)),
    });
  });

  mountVideoRoutes(app, deps, { authorize, readParts, pageArgs });
  mountVideoUpdate(app, deps, { authorize, readParts, pageArgs });
  mountThumbnailRoutes(app, deps, { authorize });
  mountPlaylistRoutes(app, deps, { authorize, readParts, pageArgs });
  mountAnalyticsReportRoutes(app, deps, { authorize });
  mountEngagementRoutes(app, deps, { authorize });
  mountLiveStreamingRoutes(app, deps, { authorize, readParts, pageArgs });
  mountSearchRoutes(app, deps, { authorize, readParts, pageArgs });
  mountCommentRoutes(app, deps, { authorize, readParts, pageArgs });
  mountCommentThreadInsert(app, deps, { authorize, readParts, pageArgs });

  app.notFound((c) => unmatched(c, youtubeErrorBody(404, "notFound", "Not Found"), 404));

  return {
    platform: "youtube",
    hosts: ["accounts.google.com", "oauth2.googleapis.com", "youtube.googleapis.com", "youtubeanalytics.googleapis.com"],
    app,
    seedAccount,
    simulateActivity: (input) => simulateYoutubeActivity(deps, (handle) => seedAccount({ handle }), input),
  };
};
