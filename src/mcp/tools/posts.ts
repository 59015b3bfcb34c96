import { EditedPostSchema } from "../../routes/v1/posts/edit-schema.js";
import * as v from "valibot";
import { mediaLoaderFor } from "../../domain/publishing/index.js";
import { deletePost, editPost, publishDraft } from "../../domain/publishing/index.js";
import { type CreatePostRequest, createPost, validatePost } from "../../domain/publishing/index.js";
import { getPost, listPosts, postStates } from "../../domain/publishing/index.js";
import { retractPost } from "../../domain/publishing/index.js";
import { rateGateOf } from "../../http/rate-gate.js";
import { DeletePostResultSchema, PostListSchema, PostSchema, RetractSchema, ValidationReportSchema } from "../../routes/v1/posts/response-schema.js";
import { CreatePostFields, EditPostBody, ValidatePostBody } from "../../routes/v1/posts/schema.js";
import { defineTool, readOnly, type ToolAnnotations } from "../tool.js";
import { createWithKey, idempotencyKeyArgument } from "./keyed-create.js";
import { idArgument, pageArguments } from "./list-arguments.js";

const codes = { text: "text_required" } as const;
const postId = v.strictObject({ id: idArgument("`post_…`") });
const writes: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

const CreatePostArguments = v.strictObject({
  ...CreatePostFields.entries,
  idempotencyKey: idempotencyKeyArgument(
    "Works exactly like the REST Idempotency-Key header: repeating the call with the same key and post within 24 hours returns the first answer and publishes nothing again.",
  ),
});

export const postTools = [
  defineTool({
    name: "list_posts",
    action: "read",
    title: "List posts",
    description: "Posts made through Chorus, most recent first (GET /v1/posts), optionally only those in one state.",
    input: v.strictObject({ state: v.pipe(v.optional(v.picklist(postStates)), v.description("Only posts in this state.")), ...pageArguments }),
    output: PostListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listPosts({ ctx, input }),
  }),
  defineTool({
    name: "get_post",
    action: "read",
    title: "One post",
    description: "One post with a result per target (GET /v1/posts/{id}): state, network post ids and URLs, errors.",
    input: postId,
    output: PostSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getPost({ ctx, input }),
  }),
  defineTool({
    name: "validate_post",
    action: "draft",
    title: "Check a post without publishing",
    description: "Dry run of `create_post` (POST /v1/posts/validate): exactly the checks publishing runs, per target, with blocking errors and warnings. Free; touches no network.",
    input: ValidatePostBody,
    output: ValidationReportSchema,
    annotations: readOnly,
    codes,
    run: async ({ ctx }, input) => validatePost({ ctx, input: input as CreatePostRequest, loadMedia: mediaLoaderFor(ctx) }),
  }),
  defineTool({
    name: "create_post",
    // `draft` to store a draft; publishing or scheduling also needs publish_or_schedule (checked by createPost).
    action: "draft",
    title: "Publish, schedule or draft a post",
    description:
      "POST /v1/posts: publishes now, at `scheduledAt`, at the next free slot of the profile's queue (`queue: true`), as the first occurrence of a recurring series (`recurrence`: an RRULE, with `scheduledAt` and `timezone`; manage it with the *_series tools), or stores a draft (`draft: true`) for the accounts named by `profile` and/or `accounts`. Read `state` and `targets` in the answer: a target that fails a check is `failed` with its code while the others publish. One credit per published target. Counts against postsPerMinute. Send `idempotencyKey` so a retry never publishes twice.",
    input: CreatePostArguments,
    output: PostSchema,
    annotations: writes,
    codes,
    run: async (call, input, raw) => {
      const { idempotencyKey, ...post } = input;
      const create = () => createPost({ ctx: call.ctx, input: post as CreatePostRequest, loadMedia: mediaLoaderFor(call.ctx), limits: rateGateOf(call.http) });
      if (idempotencyKey === undefined) return create();
      const { idempotencyKey: _key, ...sent } = raw;
      return createWithKey(call, idempotencyKey, sent, create);
    },
  }),
  defineTool({
    name: "publish_draft",
    action: "publish_or_schedule",
    title: "Publish a draft, or a scheduled post ahead of its time, now",
    description: "POST /v1/posts/{id}/publish: runs the same checks and charges as `create_post`; counts against postsPerMinute. A scheduled post is sent now instead of at its time.",
    input: postId,
    output: PostSchema,
    annotations: writes,
    run: async (call, input) => publishDraft({ ctx: call.ctx, input, loadMedia: mediaLoaderFor(call.ctx), limits: rateGateOf(call.http) }),
  }),
  defineTool({
    name: "update_post",
    action: "draft",
    title: "Edit a draft, move a scheduled post, or edit a published post",
    description:
      "PATCH /v1/posts/{id}: `changes` holds only the fields to change; destinations stay fixed. A published post changes its text and `platformOptions` on each network that allows it (the answer's `edit` says per target: `edited`, or `failed` with `edit_unsupported`); this needs the grant's publish_or_schedule action. Other states: `post_state_invalid`.",
    input: v.strictObject({ id: idArgument("`post_…`"), changes: EditPostBody }),
    output: EditedPostSchema,
    annotations: { ...writes, idempotentHint: true, openWorldHint: true },
    run: async ({ ctx }, input) => editPost({ ctx, input: { id: input.id, changes: input.changes as never }, loadMedia: mediaLoaderFor(ctx) }),
  }),
  defineTool({
    name: "cancel_post",
    action: "delete",
    title: "Cancel a scheduled post or delete a draft",
    description:
      "DELETE /v1/posts/{id}: a scheduled post is cancelled (a delivery that arrives later does nothing) and the credits it took from an agent's daily allowance come back, a draft is deleted. Other states: `post_state_invalid`.",
    input: postId,
    output: DeletePostResultSchema,
    annotations: { ...writes, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: async ({ ctx }, input) => deletePost({ ctx, input }),
  }),
  defineTool({
    name: "retract_post",
    action: "delete",
    title: "Delete a published post from its networks",
    description:
      "POST /v1/posts/{id}/retract: deletes every published target from its network, with a result per target. TikTok and Instagram allow no deletion (`delete_unsupported`); a failed target stays published, so retracting again retries only what is left.",
    input: postId,
    output: RetractSchema,
    annotations: { ...writes, destructiveHint: true, idempotentHint: true },
    run: async ({ ctx }, input) => retractPost({ ctx, input }),
  }),
];
