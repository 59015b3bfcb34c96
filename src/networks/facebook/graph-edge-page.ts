import * as v from "valibot";
import type { ErrorTable } from "../http.js";
import type { NetworkContext } from "../types.js";
import { graphRequest } from "./graph.js";

/**
 * One page of a Graph edge (`{ data, paging: { cursors: { after }, next } }`), shared by the Meta
 * networks (Facebook pages, Instagram, Threads). Graph keeps `cursors.after` on the last page
 * too; only `next` says more exists, so the cursor handed back is the `after` of a page with a
 * `next`, and null otherwise.
 */
export async function graphEdgePage<S extends v.GenericSchema>(net: NetworkContext, table: ErrorTable, url: string, item: S): Promise<{ data: v.InferOutput<S>[]; cursor: string | null }> {
  const schema = v.object({
    data: v.array(item),
    paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })),
  });
  const body = await graphRequest(net, table, url, schema);
  const after = body.paging?.next ? (body.paging.cursors?.after ?? null) : null;
  return { data: body.data as v.InferOutput<S>[], cursor: after };
}

/** Graph's `2026-10-01T12:00:00+0000` as ISO 8601 UTC. */
export const graphIso = (graphTime: string) => new Date(graphTime.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")).toISOString();
