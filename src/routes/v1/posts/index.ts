import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { type CreatePostRequest, createPost, validatePost } from "../../../domain/publishing/index.js";
import { getPost, listPosts, postStates } from "../../../domain/publishing/index.js";
import { deletePost, editPost, publishDraft } from "../../../domain/publishing/index.js";
import { retractPost } from "../../../domain/publishing/index.js";
import { mediaLoaderFor } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { rateGateOf } from "../../../http/rate-gate.js";
import { noBody } from "../../../http/no-body.js";
import { validate } from "../../../http/validate.js";
import { cursorQuery, errorResponses, idempotencyHeader, jsonResponse, limitQuery, security } from "../../openapi-helpers.js";
import { DeletePostResultSchema, PostListSchema, PostSchema, RetractSchema, ValidationReportSchema } from "./response-schema.js";
import { CreatePostBody, EditPostBody, ValidatePostBody } from "./schema.js";
import { EditedPostSchema } from "./edit-schema.js";

const tags = ["Posts"];
const bodyCodes = { text: "text_required" } as const;
const requestCodes = [
  "field_unknown",
  "field_wrong_type",
  "field_invalid",
  "text_required",
  "body_not_json",
  "no_target",
  "no_matching_accounts",
  "profile_required",
  "profile_unknown",
  "account_unknown",
  "media_unknown",
  "schedule_in_past",
  "timezone_invalid",
  "timezone_without_schedule",
  "timestamp_invalid",
  "text_invalid_characters",
  "entitlement_exceeded",
  "queue_conflict",
  "queue_empty",
  "queue_paused",
  "queue_profile_required",
  "recurrence_invalid",
  "recurrence_count_exceeded",
  "recurrence_until_past",
  "recurrence_conflict",
] as const;

export const postRoutes = new Hono<AppEnv>()
  .post(
    "/posts/validate",
    describeRoute({
      operationId: "validatePost",
      tags,
      summary: "Dry run: exactly the checks publishing runs, per target, without touching a network (free)",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(ValidationReportSchema, "Blocking errors and advisory warnings per target."), ...errorResponses([...requestCodes]) },
    }),
    validate("json", ValidatePostBody, { codes: bodyCodes }),
    async (c) => c.json(await validatePost({ ctx: c.get("ctx"), input: c.req.valid("json") as CreatePostRequest, loadMedia: mediaLoaderFor(c.get("ctx")) })),
  )
  .post(
    "/posts",
    describeRoute({
      operationId: "createPost",
      tags,
      summary: "Publish now, schedule, or save a draft",
      description:
        "Always 201 when the request itself is valid, whatever happened per target: read `state` and `targets`. Targets that fail a pre-publish check are stored `failed` with that code and nothing is sent to their network; the others are sent in parallel. One credit per published target, and one per published item of a `thread` chain; a failed target or item is not charged. Out of credits or a network the plan excludes is 402 before anything is sent.",
      security,
      parameters: [idempotencyHeader],
      responses: { 201: jsonResponse(PostSchema, "The post with one result per target."), ...errorResponses([...requestCodes, "agent_grant_daily_credits", "agent_grant_purchased_credits"]) },
    }),
    validate("json", CreatePostBody, { codes: bodyCodes }),
    async (c) => c.json(await createPost({ ctx: c.get("ctx"), input: c.req.valid("json") as CreatePostRequest, loadMedia: mediaLoaderFor(c.get("ctx")), limits: rateGateOf(c) }), 201),
  )
  .get(
    "/posts",
    describeRoute({
      operationId: "listPosts",
      tags,
      summary: "Posts made through Chorus, most recent first",
      security,
      responses: {
        200: jsonResponse(PostListSchema, "A page of posts."),
        ...errorResponses(["field_unknown", "field_invalid", "field_wrong_type", "cursor_invalid"]),
      },
    }),
    validate("query", v.strictObject({ state: v.pipe(v.optional(v.picklist(postStates)), v.description("Only posts in this state.")), limit: limitQuery(), cursor: cursorQuery })),
    async (c) => c.json(await listPosts({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/posts/:id",
    describeRoute({
      operationId: "getPost",
      tags,
      summary: "One post with its targets",
      security,
      responses: { 200: jsonResponse(PostSchema, "The post."), ...errorResponses(["resource_not_found", "field_invalid"]) },
    }),
    validate("param", v.object({ id: v.pipe(v.string(), v.maxLength(64)) })),
    async (c) => c.json(await getPost({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .patch(
    "/posts/:id",
    describeRoute({
      operationId: "editPost",
      tags,
      summary: "Edit a draft, move a scheduled post, or edit a published post where its networks allow",
      description:
        "Drafts, scheduled posts and posts held for approval (`pending_approval`): destinations stay fixed; media and options are checked again; `platformOptions` are merged per network so patching one field keeps the others; `thread` replaces the chain whole and `firstComment` the first comment (`null` removes it), each checked as on create (a scheduled or held post refuses what does not pass, e.g. `text_too_long` with `param` `thread[1].text`, `thread_too_long` or `first_comment_unsupported`; a draft keeps it and shows it when validated or published). GET /v1/posts/{id} returns both as stored (`thread`, `firstComment`), so an editor can show them. A held post stays held; its approval sends it as it then is.\n\nPublished and partial posts: `text`, `textOverrides` and `platformOptions` change on each live target whose network can change them (Facebook page post text; LinkedIn commentary; YouTube description, `title`, `tags`, `privacyStatus`; Pinterest description, `title`, `link`, `altText`, `boardId`; Google Business summary; GET /v1/platforms lists them per network under `publishing.editable`). X and Threads refuse with `edit_unsupported`: X's edit publishes a new post id, only within 30 minutes and for subscribed accounts, and Threads has no edit endpoint. A network that cannot change a field answers `failed` with `edit_unsupported` for that target (delete and post again); media, schedule and first comment never change after publishing (422 `edit_unsupported`). A published chain's items (`thread`, one entry per item, same number, no media) are answered per item in `edit.targets[].items`: a changed item is `failed` with `edit_unsupported` on X, Threads and Bluesky, none of which can change a live reply through its API. The answer carries `edit`, its outcome per target; GET /v1/posts/{id}/edits keeps every edit. One Idempotency-Key makes one edit, even when the request is retried after a crash. Other states: 409 `post_state_invalid`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(EditedPostSchema, "The post after the change; with `edit` when a published post was edited."),
        ...errorResponses([
          ...requestCodes,
          "post_state_invalid",
          "resource_not_found",
          "option_invalid",
          "field_invalid",
          "edit_unsupported",
          "field_required",
          "text_too_long",
          "thread_too_long",
          "thread_unsupported",
          "first_comment_unsupported",
          "first_comment_media_unsupported",
          "document_too_many_pages",
        ]),
      },
    }),
    validate("param", v.object({ id: v.pipe(v.string(), v.maxLength(64)) })),
    validate("json", EditPostBody, { codes: bodyCodes }),
    async (c) => c.json(await editPost({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, changes: c.req.valid("json") as never }, loadMedia: mediaLoaderFor(c.get("ctx")) })),
  )
  .delete(
    "/posts/:id",
    describeRoute({
      operationId: "deletePost",
      tags,
      summary: "Delete a draft or cancel a scheduled post",
      description: "A scheduled post is cancelled (`cancelled: true`) and a delivery that arrives later does nothing; a draft is deleted. Other states: 409 `post_state_invalid`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(DeletePostResultSchema, "What happened."),
        ...errorResponses(["post_state_invalid", "resource_not_found", "field_invalid"]),
      },
    }),
    validate("param", v.object({ id: v.pipe(v.string(), v.maxLength(64)) })),
    async (c) => c.json(await deletePost({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .post(
    "/posts/:id/publish",
    describeRoute({
      operationId: "publishDraft",
      tags,
      summary: "Publish a draft, or a scheduled post ahead of its time, now",
      description:
        "Runs the same checks and charges as POST /v1/posts and counts against postsPerMinute. No body. A scheduled post is sent now instead of at its time (its scheduled delivery then does nothing, and its queue slot is free again); other states: 409 `post_state_invalid`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(PostSchema, "The post with one result per target."),
        ...errorResponses(["post_state_invalid", "resource_not_found", "entitlement_exceeded", "field_invalid", "agent_grant_daily_credits", "agent_grant_purchased_credits"]),
      },
    }),
    validate("param", v.object({ id: v.pipe(v.string(), v.maxLength(64)) })),
    async (c) => c.json(await publishDraft({ ctx: c.get("ctx"), input: c.req.valid("param"), loadMedia: mediaLoaderFor(c.get("ctx")), limits: rateGateOf(c) })),
  )
  .post(
    "/posts/:id/retract",
    describeRoute({
      operationId: "retractPost",
      tags,
      summary: "Delete a published post from every network that allows it",
      description:
        "For `published` and `partial` posts: every published target is deleted from its network at once, with a result per target. Networks that allow no deletion through their API (TikTok, Instagram) answer `unsupported` with `delete_unsupported` and stay published; a network failure answers `failed` and the target stays published, so retracting again retries only what is left. A deleted target becomes `retracted`; the post becomes `retracted` when no target is published any more. Two retracts of one post at once send one deletion per target: the later one waits for the earlier one's outcome and answers the same. Nothing is charged or refunded. No body. Other states: 409 `post_state_invalid`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(RetractSchema, "The post after the retract, and what happened per target."),
        ...errorResponses(["post_state_invalid", "resource_not_found", "field_invalid", "field_unknown"]),
      },
    }),
    noBody(),
    validate("param", v.object({ id: v.pipe(v.string(), v.maxLength(64)) })),
    async (c) => c.json(await retractPost({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
