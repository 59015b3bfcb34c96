import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { listReviews } from "../../../domain/inbox/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, jsonResponse, security } from "../../openapi-helpers.js";
import { AccountIdParam } from "../social-accounts/schema.js";
import { ReviewListQuery, ReviewListSchema } from "./schema.js";

/** Reviews of a Google Business location or a Facebook page; answering them goes through the comment routes. */
export const reviewRoutes = new Hono<AppEnv>().get(
  "/social-accounts/:id/reviews",
  describeRoute({
    operationId: "listAccountReviews",
    tags: ["Inbox"],
    summary: "Reviews of a location or page the account manages",
    description:
      "Newest first: Google Business Profile reviews (one to five stars) of a location, and Facebook recommendations (positive or negative) of a page, each with its text, reviewer and your answer. Name the location or page in `target` (an id of GET /v1/social-accounts/{id}/targets) when the account manages more than one. A review's `id` works with POST /v1/comments/{id}/replies (answers it; Google keeps one answer per review, so a second call replaces it) and DELETE /v1/comments/{id} (deletes your answer; no network lets a business delete a review), with the review's `account` in the body. Networks without reviews (`reviews` missing from `reads` in GET /v1/platforms) answer 400 `reviews_unsupported`. Like the other reads of one account, what the network did not answer is a `problems` entry on a 200 with empty `items`, whether it failed while checking the account's locations or pages or while reading the reviews: `needs_reauth` or `missing_scope` (reconnect the account; retrying does not help), `rate_limited` or `platform_unavailable` with `retryable: true` (send the same request again; the cursor is kept).",
    security,
    responses: {
      200: jsonResponse(ReviewListSchema, "A page of reviews."),
      ...errorResponses(["account_unknown", "reviews_unsupported", "review_target_required", "resource_not_found", "cursor_invalid"]),
    },
  }),
  validate("param", AccountIdParam),
  validate("query", ReviewListQuery),
  async (c) => c.json(await listReviews({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), ...c.req.valid("query") } })),
);
