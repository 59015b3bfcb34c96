import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { decodePageToken, googleRpcErrorBody, paginate } from "../google/wire.js";
import type { SandboxLocation } from "./business-data.js";
import { type LocalPostRouteTools, ownLocation, V4_SERVICE } from "./local-posts.js";
import { jsonBody } from "../json-body.js";

/**
 * Reviews on the Business Profile simulator, as the v4 reference describes them
 * (accounts.locations.reviews): `list` (pageSize up to 50, pageToken, orderBy `updateTime desc`,
 * `rating` or `rating desc`; the answer carries averageRating and totalReviewCount), `get`,
 * `updateReply` (PUT …/reply, one reply per review, refused over 4,096 characters) and
 * `deleteReply`. People leave reviews in Google Maps, never through the API: here a simulated
 * person does, through the sandbox activity route (simulateReview).
 */

const platform = "googlebusiness";
const REPLY_MAX = 4096;
const PAGE_MAX = 50;
const starNames = ["ONE", "TWO", "THREE", "FOUR", "FIVE"] as const;

export interface SandboxReview {
  id: string;
  accountId: string;
  locationId: string;
  reviewer: { displayName: string; profilePhotoUrl: string | null };
  stars: number;
  comment: string | null;
  createTime: string;
  updateTime: string;
  reply: { comment: string; updateTime: string } | null;
}

const notFound = (c: Context) => c.json(googleRpcErrorBody(404, "Requested entity was not found.", null, V4_SERVICE), 404);
const invalidArgument = (c: Context, field: string, description: string) =>
  c.json(
    googleRpcErrorBody(400, "Request contains an invalid argument.", null, V4_SERVICE, {
      details: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description }] }],
    }),
    400,
  );

function resource(review: SandboxReview): Record<string, unknown> {
  return {
    name: `accounts/${review.accountId}/locations/${review.locationId}/reviews/${review.id}`,
    reviewId: review.id,
    reviewer: { displayName: review.reviewer.displayName, ...(review.reviewer.profilePhotoUrl ? { profilePhotoUrl: review.reviewer.profilePhotoUrl } : {}), isAnonymous: false },
    starRating: starNames[review.stars - 1] ?? "STAR_RATING_UNSPECIFIED",
    // A rating without words has no `comment` at all.
    ...(review.comment !== null ? { comment: review.comment } : {}),
    createTime: review.createTime,
    updateTime: review.updateTime,
    ...(review.reply ? { reviewReply: { comment: review.reply.comment, updateTime: review.reply.updateTime } } : {}),
  };
}

const ORDERS: Record<string, (a: SandboxReview, b: SandboxReview) => number> = {
  "updateTime desc": (a, b) => b.updateTime.localeCompare(a.updateTime) || b.id.localeCompare(a.id),
  rating: (a, b) => a.stars - b.stars || b.updateTime.localeCompare(a.updateTime),
  "rating desc": (a, b) => b.stars - a.stars || b.updateTime.localeCompare(a.updateTime),
};

export function mountReviews(app: Hono, deps: SimulatorDeps, tools: LocalPostRouteTools): void {
  /** Authorises the call and finds the review in the path, or answers Google's refusal. */
  async function ownReview(c: Context): Promise<{ review: SandboxReview; owner: string } | Response> {
    const auth = await tools.authorize(c, V4_SERVICE, true);
    if (auth instanceof Response) return auth;
    const location = await ownLocation(c, deps, auth.person);
    if (location instanceof Response) return location;
    const found = await deps.store.get<SandboxReview>(platform, "review", c.req.param("reviewId") ?? "");
    if (!found || found.data.locationId !== location.id) return notFound(c);
    return { review: found.data, owner: found.owner ?? auth.person.id };
  }

  const base = "/v4/accounts/:accountId/locations/:locationId/reviews";

  app.get(base, async (c) => {
    const auth = await tools.authorize(c, V4_SERVICE, true);
    if (auth instanceof Response) return auth;
    const location = await ownLocation(c, deps, auth.person);
    if (location instanceof Response) return location;
    const raw = c.req.query("pageSize");
    const size = raw === undefined ? PAGE_MAX : Number(raw);
    const offset = decodePageToken(c.req.query("pageToken"));
    if (!Number.isInteger(size) || size < 1 || size > PAGE_MAX || offset === null) return invalidArgument(c, "page_size", `pageSize must be 1 to ${PAGE_MAX} and pageToken one Google issued.`);
    const order = ORDERS[c.req.query("orderBy") ?? "updateTime desc"];
    if (!order) return invalidArgument(c, "order_by", `Invalid orderBy: ${c.req.query("orderBy") ?? ""}`);
    const reviews = (await deps.store.list<SandboxReview>(platform, "review", { owner: auth.person.id })).map((r) => r.data).filter((r) => r.locationId === location.id);
    reviews.sort(order);
    const { page, nextPageToken } = paginate(reviews, offset, size);
    const average = reviews.length ? reviews.reduce((sum, r) => sum + r.stars, 0) / reviews.length : 0;
    return c.json({ reviews: page.map(resource), averageRating: Math.round(average * 10) / 10, totalReviewCount: reviews.length, ...(nextPageToken ? { nextPageToken } : {}) });
  });

  app.get(`${base}/:reviewId`, async (c) => {
    const found = await ownReview(c);
    return found instanceof Response ? found : c.json(resource(found.review));
  });

  app.put(`${base}/:reviewId/reply`, async (c) => {
    const found = await ownReview(c);
    if (found instanceof Response) return found;
    const comment = (await jsonBody(c))?.comment;
    if (typeof comment !== "string" || comment.trim() === "") return invalidArgument(c, "comment", "The reply comment is required.");
    if ([...comment].length > REPLY_MAX) return invalidArgument(c, "comment", `The reply exceeds ${REPLY_MAX} characters.`);
    const now = deps.now().toISOString();
    const reply = { comment, updateTime: now };
    await deps.store.put(platform, "review", found.review.id, { ...found.review, reply }, found.owner);
    return c.json(reply);
  });

  app.delete(`${base}/:reviewId/reply`, async (c) => {
    const found = await ownReview(c);
    if (found instanceof Response) return found;
    // Nothing to delete is Google's NOT_FOUND too (unverified: the reference does not say).
    if (!found.review.reply) return notFound(c);
    await deps.store.put(platform, "review", found.review.id, { ...found.review, reply: null }, found.owner);
    return c.json({});
  });
}

/**
 * A simulated person reviews one of the recipient's locations: `subject` names it
 * (`accounts/{a}/locations/{l}`), or the first location by title when absent; `rating` is 1 to 5.
 */
export async function simulateReview(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "review") return { ok: false, reason: "action_unsupported" };
  if (typeof input.rating !== "number" || !Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) return { ok: false, reason: "rating_invalid" };
  const locations = (await deps.store.list<SandboxLocation>(platform, "location", { owner: input.recipientId })).map((r) => r.data).sort((a, b) => a.title.localeCompare(b.title));
  const location = input.subject ? locations.find((l) => `accounts/${l.accountId}/locations/${l.id}` === input.subject) : locations[0];
  if (!location) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox.reviewer");
  const now = deps.now().toISOString();
  const review: SandboxReview = {
    id: `AbFvOq${numericId(20)}`,
    accountId: location.accountId,
    locationId: location.id,
    reviewer: { displayName: actor.displayName, profilePhotoUrl: actor.avatarUrl },
    stars: input.rating,
    comment: input.text,
    createTime: now,
    updateTime: now,
    reply: null,
  };
  await deps.store.put(platform, "review", review.id, review, input.recipientId);
  return { ok: true, actor, networkId: `accounts/${location.accountId}/locations/${location.id}/reviews/${review.id}` };
}
