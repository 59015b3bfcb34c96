import { and, eq } from "drizzle-orm";
import { posts } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import type { PostRow } from "./post-view.js";

/**
 * The post's row, locked until the transaction ends: a PATCH of the same post waits for it, and
 * one that committed first is seen. Sending a post checks it first and claims it after, so
 * without this an edit landing in between would be sent with the checks of the version before.
 */
export async function lockedPost(tx: Transaction, ctx: DomainContext, id: string): Promise<PostRow | undefined> {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.workspaceId, ctx.workspace.id)))
    .for("update");
  return row;
}

/**
 * What the checks before a send read of the post itself (its chain is replaced with an update of
 * `updatedAt`). The content is compared as well as `updatedAt`, since two writes can fall in the
 * same millisecond.
 */
export function sameCheckedContent(a: PostRow, b: PostRow): boolean {
  const checked = (p: PostRow) =>
    JSON.stringify([
      p.updatedAt.getTime(),
      p.scheduleVersion,
      p.scheduledAt?.getTime() ?? null,
      p.timezone,
      p.text,
      p.textOverrides,
      p.media,
      p.mediaAlt,
      p.mediaOverrides,
      p.mediaAltOverrides,
      p.platformOptions,
      p.firstComment,
    ]);
  return checked(a) === checked(b);
}
