import * as v from "valibot";
import type { ErrorTable } from "../http.js";
import type { NetworkContext } from "../types.js";
import { graphRequest } from "./graph.js";

/**
 * One page of a Graph edge (`{ data, paging: { cursors: { after }, next } }`), shared by the Meta
 * networks (Facebook pages, Instagram, Threads). Graph keeps `cursors.after` on the last page
 * too, so `after` is followed only when `next` says more exists, or when the page came back full:
 * Threads documents its edge answering `cursors` without `next`, and a full page may have more.
 * At worst that costs one empty page at the end.
 */
export async function graphEdgePage<S extends v.GenericSchema>(
  net: NetworkContext,
  table: ErrorTable,
  url: string,
  item: S,
  limit: number,
): Promise<{ data: v.InferOutput<S>[]; cursor: string | null }> {
  const schema = v.object({
    data: v.array(item),
    paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })),
  });
  const body = await graphRequest(net, table, url, schema);
  const more = body.paging?.next !== undefined || (body.data.length > 0 && body.data.length >= limit);
  const after = more ? (body.paging?.cursors?.after ?? null) : null;
  return { data: body.data as v.InferOutput<S>[], cursor: after };
}

/** Graph's `2026-10-01T12:00:00+0000` as ISO 8601 UTC. */
export const graphIso = (graphTime: string) => new Date(graphTime.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")).toISOString();
