import { and, eq, inArray } from "drizzle-orm";
import { media } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { readAll } from "../../../infra/media-storage/types.js";
import type { PublishMedia } from "../../../networks/publish-types.js";
import type { DomainContext } from "../../core/index.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import { mediaFacts } from "./media-view.js";
import { MEDIA_URL_TTL_SECONDS, signedMediaUrl } from "./signed-url.js";

export interface LoadMediaOptions {
  /** The request field the ids came from, for `param` (`media[1]`); default `media`. */
  param?: string;
  /** Alt text per position (a post's `mediaAlt`). */
  alt?: readonly (string | null | undefined)[];
  ttlSeconds?: number;
}

/**
 * The workspace's media files in the order given, as adapters take them: the facts read at
 * upload, a signed URL for networks that fetch, and `read()` for networks that take the bytes.
 * An id that is not this workspace's is `media_unknown` naming its position, exactly like an id
 * that never existed.
 */
export async function loadMediaForPublish(ctx: DomainContext, ids: readonly string[], options: LoadMediaOptions = {}): Promise<PublishMedia[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.workspaceId, ctx.workspace.id), inArray(media.id, [...new Set(ids)])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const param = options.param ?? "media";
  const storage = ctx.services.mediaStorage;
  return Promise.all(
    ids.map(async (id, index) => {
      const row = byId.get(id);
      if (!row) throw new ApiError("media_unknown", { param: `${param}[${index}]`, message: `No media ${id} in this workspace.` });
      let bytes: Promise<Uint8Array> | null = null;
      const url = await signedMediaUrl(ctx.services.publicUrl, ctx.services.signingSecret, row.id, options.ttlSeconds ?? MEDIA_URL_TTL_SECONDS, ctx.clock.now());
      return {
        ...mediaFacts(row),
        pages: row.pages,
        alt: options.alt?.[index] ?? null,
        url,
        // The same file goes to every target of a post: read it once, however many adapters ask.
        read: () => {
          bytes ??= storage.get(row.storageKey).then((object) => {
            if (!object) throw new ApiError("media_unknown", { param: `${param}[${index}]`, message: `The file of media ${id} is gone; upload it again.` });
            return readAll(object.body);
          });
          return bytes;
        },
      } satisfies PublishMedia;
    }),
  );
}

/** The loader publishing takes: ids to the workspace's files, for the REST routes and the MCP tools alike. */
export const mediaLoaderFor =
  (ctx: DomainContext): MediaLoader =>
  async (ids) =>
    new Map((await loadMediaForPublish(ctx, ids)).map((m) => [m.id, m]));
