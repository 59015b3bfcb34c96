import * as v from "valibot";
import { replyToComment } from "../../domain/inbox/index.js";
import { listReviews } from "../../domain/inbox/index.js";
import { reviewsNaming } from "../../domain/inbox/index.js";
import { requireAccount } from "../../domain/accounts/index.js";
import { ApiError } from "../../infra/errors.js";
import { CommentIdParam, ReplyBody, ReplyResultSchema } from "../../routes/v1/comments/schema.js";
import { ReviewListQuery, ReviewListSchema } from "../../routes/v1/reviews/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idArgument, pageArguments } from "./list-arguments.js";

/**
 * Reviews of Google Business locations and Facebook pages. `reply_to_review` is the REST route a
 * review id takes (POST /v1/comments/{id}/replies, the same domain function as
 * `reply_to_comment`), but it answers reviews only: a comment id given to it is refused instead of
 * quietly posting a comment reply, so an agent granted replies never answers the wrong thing.
 */
export const reviewTools = [
  defineTool({
    name: "list_reviews",
    action: "read",
    title: "Reviews of a location or page",
    description:
      "The reviews of one Google Business location or Facebook page the account manages, newest first, with rating, text, reviewer and your answer (GET /v1/social-accounts/{id}/reviews). Name it in `target` (an id of the account's targets) when the account manages several. Other networks answer `reviews_unsupported`; what the network did not answer is a `problems` entry. Each review's `id` and `account` are what `reply_to_review` takes.",
    input: v.strictObject({ id: idArgument("The account's `acc_…` id."), target: ReviewListQuery.entries.target, ...pageArguments }),
    output: ReviewListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listReviews({ ctx, input }),
  }),
  defineTool({
    name: "reply_to_review",
    action: "reply_and_message",
    title: "Answer a review",
    description:
      "Posts `text` as the business's answer to a review from `list_reviews` (POST /v1/comments/{id}/replies with a review id). Google and Facebook keep one answer per review, so calling it again replaces the answer: a retry never answers twice. Free. Comments are answered with `reply_to_comment`.",
    input: v.strictObject({
      id: v.pipe(CommentIdParam.entries.id, v.minLength(1), v.description("The review's `id` as `list_reviews` gives it (Google: `accounts/{a}/locations/{l}/reviews/{r}`).")),
      ...ReplyBody.entries,
    }),
    output: ReplyResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ ctx }, input) => {
      // The account first: another workspace's, or one outside an agent's grant, is refused before the id says anything.
      const row = await requireAccount(ctx, input.account, "account");
      const platform = row.platform;
      if (!reviewsNaming(platform, input.id)) {
        throw new ApiError("resource_not_found", {
          param: "id",
          platform,
          message: `${input.id} is not a review of the ${row.platform} account ${row.id}.`,
          fix: "Pass a review `id` from list_reviews with its `account`; answer comments with reply_to_comment.",
        });
      }
      return replyToComment({ ctx, input });
    },
  }),
];
