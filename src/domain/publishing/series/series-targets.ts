import type { SeriesTarget } from "../../../db/schema/index.js";
import { firstCommentColumns } from "../posts/first-comment-columns.js";
import type { PreparedContent } from "../posts/prepare-targets.js";

/**
 * Every resolved destination, refused ones included: each occurrence is checked again when it is
 * sent (as any scheduled post is), so an account reconnected later gets the later occurrences.
 */
export function seriesTargets(prepared: readonly PreparedContent[]): SeriesTarget[] {
  return prepared.map((t) => ({
    accountId: t.account.id,
    platform: t.platform,
    handle: t.account.handle,
    destination: t.destination,
    firstCommentText: firstCommentColumns({ firstComment: t.firstComment, errors: [] }).firstCommentText,
  }));
}
