import * as v from "valibot";
import { approvePost, mediaLoaderFor, rejectPost } from "../../domain/publishing/index.js";
import { ApprovalResultSchema, PostSchema } from "../../routes/v1/approvals/schema.js";
import { defineTool, type ToolAnnotations } from "../tool.js";
import { idArgument } from "./list-arguments.js";

const decides: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

/*
 * Deciding is a person's act: `owner` closes both tools to every agent (an agent must never
 * approve what it proposed, and no grant can include it); an API key's MCP session may use them.
 */
export const approvalTools = [
  defineTool({
    name: "approve_post",
    action: "owner",
    title: "Approve a post that waits for approval",
    description:
      "POST /v1/posts/{id}/approve: re-checks every waiting target, then publishes now or schedules it at its `scheduledAt`. Refused with `approval_validation_failed` when a target no longer passes, unless `force: true`. Owner only: agents cannot approve.",
    input: v.strictObject({ id: idArgument("`post_…` in pending_approval"), force: v.pipe(v.optional(v.boolean()), v.description("Send the targets that pass even if others no longer do.")) }),
    output: ApprovalResultSchema,
    annotations: decides,
    run: async ({ ctx }, input) => approvePost({ ctx, input, loadMedia: mediaLoaderFor(ctx) }),
  }),
  defineTool({
    name: "reject_post",
    action: "owner",
    title: "Reject a post that waits for approval",
    description: "POST /v1/posts/{id}/reject: the post becomes `rejected`, its targets `cancelled`; nothing was charged. Owner only: agents cannot reject.",
    input: v.strictObject({ id: idArgument("`post_…` in pending_approval"), reason: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(1000))), v.description("Why, kept on the post.")) }),
    output: PostSchema,
    annotations: decides,
    run: async ({ ctx }, input) => rejectPost({ ctx, input }),
  }),
];
