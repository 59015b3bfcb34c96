import type { PostApproval } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import { recordApprovalEvent } from "./approval-events.js";
import { approvalRequiredBy, pendingApproval } from "./approval-rule.js";

export interface HeldPost {
  record: PostApproval;
  /** `post.pending_approval`, in the transaction that stores the post. */
  recordPending: (tx: Transaction, postId: string, now: Date) => Promise<void>;
}

/**
 * createPost's one question to approvals: does this new post wait for a person? Drafts never
 * do (nothing is sent), nor a post none of whose targets can be sent (it fails as it would
 * without the rule: there is nothing to approve). A chain waits with its post as one unit: its
 * items are stored uncharged and are checked, charged and sent when the post is approved.
 */
export async function holdForApproval(ctx: DomainContext, input: { draft?: boolean | undefined; accountProfiles: readonly (string | null)[]; sendable: number }): Promise<HeldPost | null> {
  if (input.draft || input.sendable === 0) return null;
  const requiredBy = await approvalRequiredBy(ctx, input.accountProfiles);
  if (!requiredBy) return null;
  return {
    record: pendingApproval(ctx, requiredBy),
    recordPending: (tx, postId, now) => recordApprovalEvent(ctx, tx, postId, "post.pending_approval", now),
  };
}
