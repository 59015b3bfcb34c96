import type { DomainContext } from "../../core/index.js";
import type { ValidationReport } from "../posts/create-post.js";
import type { PostView } from "../posts/post-view.js";
import { getPost, requirePost } from "../posts/read-posts.js";
import { mediaLoaderFor } from "../media/load-media-for-publish.js";
import { checkAtApproval } from "./approval-check.js";
import { approvalLinkContext } from "./approval-link.js";
import { approvePost, rejectPost } from "./decide-post.js";

type Runtime = Omit<DomainContext, "workspace" | "apiKey">;

export interface ApprovalPageModel {
  post: PostView;
  /** The checks as they stand now; null once the post was decided. */
  validation: ValidationReport | null;
}

/** GET /approve/{token}: the post as the reviewer should see it before deciding. */
export async function approvalPage({ runtime, input }: { runtime: Runtime; input: { token: string } }): Promise<ApprovalPageModel> {
  const { ctx, postId } = await approvalLinkContext(runtime, input.token);
  const row = await requirePost(ctx, postId);
  const post = await getPost({ ctx, input: { id: postId } });
  if (row.state !== "pending_approval") return { post, validation: null };
  return { post, validation: (await checkAtApproval(ctx, row, mediaLoaderFor(ctx))).validation };
}

/**
 * POST /approve/{token}: the reviewer's decision, through the same functions as the API, so
 * the link decides at most once like any other approval (a second press is 409).
 */
export async function decideByLink({ runtime, input }: { runtime: Runtime; input: { token: string; decision: "approve" | "reject"; reason?: string | undefined } }): Promise<ApprovalPageModel> {
  const { ctx, postId } = await approvalLinkContext(runtime, input.token);
  if (input.decision === "reject") return { post: await rejectPost({ ctx, input: { id: postId, reason: input.reason } }), validation: null };
  const result = await approvePost({ ctx, input: { id: postId }, loadMedia: mediaLoaderFor(ctx) });
  return { post: result.post, validation: result.validation };
}
