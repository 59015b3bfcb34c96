import { and, eq, inArray } from "drizzle-orm";
import { mediaVariants } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import { readAll } from "../../../../infra/media-storage/types.js";
import type { PublishMedia, PublishRequest } from "../../../../networks/publish-types.js";
import type { DomainContext } from "../../../core/index.js";
import { MEDIA_URL_TTL_SECONDS, signedMediaUrl } from "../signed-url.js";
import type { PendingTransform, PlannedMedia } from "./auto-fix.js";
import { deriveForSource } from "./derive.js";
import type { VariantRow } from "./store-variant.js";

/** A stored variant as adapters take it: its own facts, a signed URL of its own, its bytes on demand. */
async function asPublishMedia(ctx: DomainContext, row: VariantRow, pending: PendingTransform): Promise<PublishMedia> {
  const { source, plan } = pending;
  const url = await signedMediaUrl(ctx.services.publicUrl, ctx.services.signingSecret, row.id, MEDIA_URL_TTL_SECONDS, ctx.clock.now());
  let bytes: Promise<Uint8Array> | null = null;
  return {
    id: row.id,
    kind: plan.kind === "frame" ? "image" : plan.kind,
    mimeType: row.mimeType,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    durationSeconds: plan.kind === "video" ? plan.facts.durationSeconds : null,
    alt: source.alt,
    url,
    read: () => {
      bytes ??= ctx.services.mediaStorage.get(row.storageKey).then((object) => {
        if (!object) throw new ApiError("media_unknown", { message: `The variant ${row.id} of ${source.id} is gone; publish again to derive it anew.` });
        return readAll(object.body);
      });
      return bytes;
    },
  };
}

const pendingOf = (item: PublishMedia): PendingTransform | undefined => (item as PlannedMedia).pendingTransform;

export interface DerivedRequests {
  /** Per request, in order: the request with its variants in place, or why the target cannot be sent. */
  requests: (PublishRequest | ApiError)[];
  /** Files transformed by this call (0 when every variant was stored already). */
  transformed: number;
}

/**
 * Puts each planned variant in place of its upload, for all the targets of one publish at once:
 * stored variants are reused, the rest derived with one decode per source file for all of its
 * recipes (a 12-megapixel JPEG for nine networks is decoded once), then stored.
 */
export async function deriveVariants(ctx: DomainContext, requests: readonly PublishRequest[]): Promise<DerivedRequests> {
  const pendings = new Map<string, PendingTransform>();
  for (const request of requests)
    for (const item of [...request.media, ...Object.values(request.attachments ?? {})]) {
      const pending = pendingOf(item);
      if (pending) pendings.set(`${pending.source.id} ${pending.key}`, pending);
    }
  if (pendings.size === 0) return { requests: [...requests], transformed: 0 };

  const sourceIds = [...new Set([...pendings.values()].map((p) => p.source.id))];
  const stored = await ctx.db
    .select()
    .from(mediaVariants)
    .where(and(eq(mediaVariants.workspaceId, ctx.workspace.id), inArray(mediaVariants.mediaId, sourceIds), inArray(mediaVariants.recipe, [...new Set([...pendings.values()].map((p) => p.key))])));
  const ready = new Map<string, VariantRow>(stored.map((row) => [`${row.mediaId} ${row.recipe}`, row]));
  const failed = new Map<string, ApiError>();
  let transformed = 0;

  const missingBySource = new Map<string, PendingTransform[]>();
  for (const [key, pending] of pendings) if (!ready.has(key)) missingBySource.set(pending.source.id, [...(missingBySource.get(pending.source.id) ?? []), pending]);
  for (const [sourceId, missing] of missingBySource) {
    const made = await deriveForSource(ctx, sourceId, missing);
    for (const [key, result] of made.results) {
      if (result instanceof ApiError) failed.set(key, result);
      else ready.set(key, result);
    }
    transformed += made.transformed;
  }

  const out = await Promise.all(
    requests.map(async (request): Promise<PublishRequest | ApiError> => {
      const media: PublishMedia[] = [];
      for (const item of request.media) {
        const pending = pendingOf(item);
        if (!pending) {
          media.push(item);
          continue;
        }
        const key = `${pending.source.id} ${pending.key}`;
        const problem = failed.get(key);
        if (problem) return problem;
        const row = ready.get(key);
        if (!row) return new ApiError("transform_failed", { param: "autoFix", message: `No variant of ${pending.source.id} was derived.` });
        media.push(await asPublishMedia(ctx, row, pending));
      }
      if (!request.attachments) return { ...request, media };
      const attachments: Record<string, PublishMedia> = {};
      for (const [name, item] of Object.entries(request.attachments)) {
        const pending = pendingOf(item);
        if (!pending) {
          attachments[name] = item;
          continue;
        }
        const key = `${pending.source.id} ${pending.key}`;
        const problem = failed.get(key);
        if (problem) return problem;
        const row = ready.get(key);
        if (!row) return new ApiError("transform_failed", { param: "autoFix", message: `No variant of ${pending.source.id} was derived.` });
        attachments[name] = await asPublishMedia(ctx, row, pending);
      }
      return { ...request, media, attachments };
    }),
  );
  return { requests: out, transformed };
}
