import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SandboxStore, SimulatorDeps } from "../types.js";
import { decodePageToken, googleRpcErrorBody, paginate } from "../google/wire.js";
import type { SandboxBusinessAccount, SandboxLocation } from "./business-data.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * Local posts on the Business Profile simulator (v4 API, mybusiness.googleapis.com): create, list,
 * get, patch (with `updateMask`) and delete under `accounts/{a}/locations/{l}/localPosts`. Google's checks are played: the
 * summary's 1,500 characters, the topic's required parts (an event for EVENT and OFFER, a URL for
 * every button but CALL), photos fetched from a public URL (a URL that is not http(s) is one
 * Google cannot fetch: ValidationError 1000 "Fetching image failed."). A post with photos is
 * PROCESSING for PROCESSING_MS, then LIVE, or REJECTED when moderation decides so
 * (rejectSandboxLocalPost); a text post is LIVE at once.
 */

export const V4_SERVICE = "mybusiness.googleapis.com";
export const PROCESSING_MS = 2000;
const SUMMARY_MAX = 1500;
/** What localPosts.patch changes in the sandbox: the text and the button; media and topic stay as created. */
const PATCHABLE = new Set(["summary", "callToAction", "event", "offer"]);

interface SandboxLocalPost {
  id: string;
  accountId: string;
  locationId: string;
  body: Record<string, unknown>;
  hasMedia: boolean;
  moderation: "approved" | "rejected";
  createTime: string;
  /** Set by localPosts.patch. */
  updateTime?: string;
}

export interface LocalPostRouteTools {
  authorize(c: Context, service: string, needManage: boolean): Promise<{ person: SandboxAccount; scopes: string[] } | Response>;
}

/** What Google's moderation decides about a post: it ends REJECTED (a content policy violation). */
export async function rejectSandboxLocalPost(store: SandboxStore, name: string): Promise<void> {
  const id = name.split("/").at(-1) ?? "";
  const found = await store.get<SandboxLocalPost>("googlebusiness", "local_post", id);
  if (!found) throw new Error(`no sandbox local post ${name}`);
  await store.put("googlebusiness", "local_post", id, { ...found.data, moderation: "rejected" }, found.owner);
}

const fetchable = (value: unknown) => {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const invalidArgument = (c: Context, field: string, description: string) =>
  c.json(
    googleRpcErrorBody(400, "Request contains an invalid argument.", null, V4_SERVICE, {
      details: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description }] }],
    }),
    400,
  );

const validationError = (c: Context, code: number, field: string | null, message: string) =>
  c.json(
    googleRpcErrorBody(400, "Request contains an invalid argument.", null, V4_SERVICE, {
      details: [{ "@type": "type.googleapis.com/google.mybusiness.v4.ValidationError", errorDetails: [{ code, ...(field ? { field } : {}), message }] }],
    }),
    400,
  );

function stateOf(post: SandboxLocalPost, now: Date): "LIVE" | "PROCESSING" | "REJECTED" {
  if (post.hasMedia && now.getTime() - new Date(post.createTime).getTime() < PROCESSING_MS) return "PROCESSING";
  return post.moderation === "rejected" ? "REJECTED" : "LIVE";
}

function resource(post: SandboxLocalPost, now: Date): Record<string, unknown> {
  const name = `accounts/${post.accountId}/locations/${post.locationId}/localPosts/${post.id}`;
  const state = stateOf(post, now);
  const media = Array.isArray(post.body.media)
    ? post.body.media.filter(isRecord).map((m, i) => ({
        name: `accounts/${post.accountId}/locations/${post.locationId}/media/${post.id}-${i}`,
        mediaFormat: m.mediaFormat,
        sourceUrl: m.sourceUrl,
        googleUrl: `https://sandbox.chorus.invalid/googlebusiness/media/${post.id}-${i}.jpg`,
      }))
    : undefined;
  return {
    ...post.body,
    name,
    createTime: post.createTime,
    updateTime: post.updateTime ?? post.createTime,
    state,
    ...(media ? { media } : {}),
    ...(state === "LIVE" ? { searchUrl: `https://sandbox.chorus.invalid/maps/${post.locationId}/posts/${post.id}` } : {}),
  };
}

/** Google's checks on a LocalPost, or null when it may be created. */
function refusal(c: Context, body: Record<string, unknown>): Response | null {
  const topic = body.topicType ?? "STANDARD";
  if (!["STANDARD", "EVENT", "OFFER", "ALERT"].includes(String(topic))) return invalidArgument(c, "topic_type", `Invalid value: ${String(topic)}`);
  if (typeof body.summary === "string" && [...body.summary].length > SUMMARY_MAX) return invalidArgument(c, "summary", `The summary exceeds ${SUMMARY_MAX} characters.`);
  if (topic === "STANDARD" && typeof body.summary !== "string" && !Array.isArray(body.media)) return invalidArgument(c, "summary", "A standard post needs a summary or a photo.");
  if (topic === "EVENT" || topic === "OFFER") {
    const event = isRecord(body.event) ? body.event : null;
    if (!event || typeof event.title !== "string" || !isRecord(event.schedule)) return invalidArgument(c, "event", "Event title and schedule are required for this topic type.");
  }
  if (topic === "ALERT" && body.alertType !== "COVID_19") return invalidArgument(c, "alert_type", "An ALERT post needs alertType.");
  if (body.callToAction !== undefined) {
    const cta = isRecord(body.callToAction) ? body.callToAction : {};
    if (!["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL"].includes(String(cta.actionType)))
      return invalidArgument(c, "call_to_action.action_type", `Invalid value: ${String(cta.actionType)}`);
    if (cta.actionType !== "CALL" && !fetchable(cta.url)) return invalidArgument(c, "call_to_action.url", "A valid URL is required for this action type.");
  }
  if (body.media !== undefined) {
    const media = Array.isArray(body.media) ? body.media : [];
    for (const item of media) {
      if (!isRecord(item) || item.mediaFormat !== "PHOTO") return invalidArgument(c, "media.media_format", "Local posts take PHOTO media.");
      if (!fetchable(item.sourceUrl)) return validationError(c, 1000, null, "Fetching image failed.");
    }
  }
  return null;
}

/** The person's location under the account in the path, or Google's answer for one they cannot reach (404, or 403 when another person manages it). */
export async function ownLocation(c: Context, deps: SimulatorDeps, person: SandboxAccount): Promise<SandboxLocation | Response> {
  const account = await deps.store.get<SandboxBusinessAccount>("googlebusiness", "business_account", c.req.param("accountId") ?? "");
  const location = await deps.store.get<SandboxLocation>("googlebusiness", "location", c.req.param("locationId") ?? "");
  if (!account || !location || location.data.accountId !== account.id) return c.json(googleRpcErrorBody(404, "Requested entity was not found.", null, V4_SERVICE), 404);
  if (account.owner !== person.id) return c.json(googleRpcErrorBody(403, "The caller does not have permission", null, V4_SERVICE), 403);
  return location.data;
}

export function mountLocalPosts(app: Hono, deps: SimulatorDeps, tools: LocalPostRouteTools): void {
  /** Authorises the call and finds the local post in the path at the person's location, or answers Google's refusal. */
  async function ownPost(c: Context) {
    const auth = await tools.authorize(c, V4_SERVICE, true);
    if (auth instanceof Response) return auth;
    const location = await ownLocation(c, deps, auth.person);
    if (location instanceof Response) return location;
    const post = await deps.store.get<SandboxLocalPost>("googlebusiness", "local_post", c.req.param("postId") ?? "");
    if (!post || post.data.locationId !== location.id) return c.json(googleRpcErrorBody(404, "Requested entity was not found.", null, V4_SERVICE), 404);
    return post;
  }

  const base = "/v4/accounts/:accountId/locations/:locationId/localPosts";

  app.post(base, async (c) => {
    const auth = await tools.authorize(c, V4_SERVICE, true);
    if (auth instanceof Response) return auth;
    const location = await ownLocation(c, deps, auth.person);
    if (location instanceof Response) return location;
    const body = await jsonBody(c);
    if (!body) return invalidArgument(c, "local_post", "The body must be a LocalPost.");
    const refused = refusal(c, body);
    if (refused) return refused;
    const post: SandboxLocalPost = {
      id: numericId(19),
      accountId: location.accountId,
      locationId: location.id,
      body: { ...body, topicType: body.topicType ?? "STANDARD" },
      hasMedia: Array.isArray(body.media) && body.media.length > 0,
      moderation: "approved",
      createTime: deps.now().toISOString(),
    };
    await deps.store.put("googlebusiness", "local_post", post.id, post, auth.person.id);
    return c.json(resource(post, deps.now()));
  });

  app.get(base, async (c) => {
    const auth = await tools.authorize(c, V4_SERVICE, true);
    if (auth instanceof Response) return auth;
    const location = await ownLocation(c, deps, auth.person);
    if (location instanceof Response) return location;
    const size = Number(c.req.query("pageSize") ?? "20");
    const offset = decodePageToken(c.req.query("pageToken"));
    if (!Number.isInteger(size) || size < 1 || size > 100 || offset === null) return invalidArgument(c, "page_size", "pageSize must be 1 to 100 and pageToken one Google issued.");
    const posts = (await deps.store.list<SandboxLocalPost>("googlebusiness", "local_post", { owner: auth.person.id }))
      .map((r) => r.data)
      .filter((p) => p.locationId === location.id)
      .sort((a, b) => b.createTime.localeCompare(a.createTime) || b.id.localeCompare(a.id));
    const { page, nextPageToken } = paginate(posts, offset, size);
    return c.json({ localPosts: page.map((p) => resource(p, deps.now())), ...(nextPageToken ? { nextPageToken } : {}) });
  });

  app.get(`${base}/:postId`, async (c) => {
    const post = await ownPost(c);
    if (post instanceof Response) return post;
    return c.json(resource(post.data, deps.now()));
  });

  // localPosts.patch: only the fields named in `updateMask` change (a named field missing from the
  // body is cleared); the result must still pass the checks a new post passes.
  app.patch(`${base}/:postId`, async (c) => {
    const post = await ownPost(c);
    if (post instanceof Response) return post;
    const mask = (c.req.query("updateMask") ?? "").split(",").filter(Boolean);
    if (mask.length === 0) return invalidArgument(c, "update_mask", "The update mask is required.");
    const body = await jsonBody(c);
    if (!body) return invalidArgument(c, "local_post", "The body must be a LocalPost.");
    const unknown = mask.find((field) => !PATCHABLE.has(field));
    if (unknown) return invalidArgument(c, "update_mask", `Field ${unknown} cannot be updated (the sandbox updates ${[...PATCHABLE].join(", ")}).`);
    const next: Record<string, unknown> = { ...post.data.body };
    for (const field of mask) {
      if (body[field] === undefined) delete next[field];
      else next[field] = body[field];
    }
    const refused = refusal(c, next);
    if (refused) return refused;
    const updated: SandboxLocalPost = { ...post.data, body: next, updateTime: deps.now().toISOString() };
    await deps.store.put("googlebusiness", "local_post", post.id, updated, post.owner);
    return c.json(resource(updated, deps.now()));
  });

  app.delete(`${base}/:postId`, async (c) => {
    const post = await ownPost(c);
    if (post instanceof Response) return post;
    await deps.store.delete("googlebusiness", "local_post", post.id);
    return c.json({});
  });
}
