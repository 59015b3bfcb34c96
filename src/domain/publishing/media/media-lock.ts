import { and, eq, inArray } from "drizzle-orm";
import { media } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";

/** Every media id a post's content names: its own files, each network's override, each thread item's. */
export function mediaIdsOf(input: {
  media?: readonly string[] | undefined;
  mediaOverrides?: Readonly<Record<string, readonly string[] | undefined>> | undefined;
  thread?: readonly { media?: readonly string[] | undefined }[] | undefined;
}): string[] {
  return [...new Set([...(input.media ?? []), ...Object.values(input.mediaOverrides ?? {}).flatMap((ids) => ids ?? []), ...(input.thread ?? []).flatMap((item) => item.media ?? [])])];
}

/**
 * Holds the post's files against DELETE /v1/media/{id} until the transaction that stores the
 * post commits: a shared lock on each media row, which the delete's exclusive lock waits for
 * (media-queries.ts deleteMedia). A file deleted after the post read it, but before this, is no
 * longer there to lock: the post is refused with `media_unknown` and nothing is stored, rather
 * than a scheduled post left pointing at a file that is gone.
 */
export async function holdPostMedia(tx: Transaction, ctx: Pick<DomainContext, "workspace">, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const held = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.workspaceId, ctx.workspace.id), inArray(media.id, [...ids])))
    .for("share");
  const present = new Set(held.map((row) => row.id));
  const gone = ids.find((id) => !present.has(id));
  if (gone) throw new ApiError("media_unknown", { param: "media", message: `Media ${gone} was deleted while this post was being stored; nothing was stored. Upload the file again.` });
}
