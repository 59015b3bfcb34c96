import type { DomainContext } from "../../domain/core/index.js";
import { loadMediaForPublish } from "../../domain/publishing/index.js";

/** The media loader the publishing functions take, as the posts API builds it. */
export const mediaLoader = (ctx: DomainContext) => async (ids: string[]) => new Map((await loadMediaForPublish(ctx, ids)).map((m) => [m.id, m]));
