import { eq } from "drizzle-orm";
import { media, mediaVariants } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import { parseRange } from "./http-range.js";
import { verifyMediaUrl } from "./signed-url.js";

/** What a public request has: no key, no workspace; the signed URL is the grant. */
export type MediaRuntime = Pick<DomainContext, "db" | "clock" | "services">;

export interface ServeMediaInput {
  id: string;
  exp: string | undefined;
  sig: string | undefined;
  range: string | undefined;
  method: "GET" | "HEAD";
}

/**
 * The bytes behind a signed media URL, for the networks that fetch media themselves. The
 * record is looked up by id alone, without a workspace: only this server can have signed a URL
 * for that id, and it does so only for the workspace's own media (loadMediaForPublish). A
 * deleted record is 404 even while its URL is unexpired.
 *
 * One `Range` is honoured (206, as video fetchers ask for pieces); HEAD gives the headers
 * without opening the file.
 */
export async function serveMedia({ runtime, input }: { runtime: MediaRuntime; input: ServeMediaInput }): Promise<Response> {
  await verifyMediaUrl(runtime.services.signingSecret, input.id, input.exp, input.sig, runtime.clock.now());
  // A variant autoFix derived (`mvr_`) is served like its upload; its URL is signed the same way.
  const [row] = input.id.startsWith("mvr_")
    ? await runtime.db.select().from(mediaVariants).where(eq(mediaVariants.id, input.id)).limit(1)
    : await runtime.db.select().from(media).where(eq(media.id, input.id)).limit(1);
  const gone = () => new ApiError("resource_not_found", { message: "This media file was deleted." });
  if (!row) throw gone();

  const headers = new Headers({
    "Content-Type": row.mimeType,
    "Accept-Ranges": "bytes",
    // The URL outlives a DELETE only as a 404: no cache may keep serving the bytes.
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const range = parseRange(input.range, row.bytes);
  if (range === "unsatisfiable") {
    throw new ApiError("range_not_satisfiable", {
      message: `The file has ${row.bytes} bytes; the range asked for \`${input.range ?? ""}\` lies outside it.`,
      headers: { "Content-Range": `bytes */${row.bytes}` },
    });
  }
  const status = range ? 206 : 200;
  headers.set("Content-Length", String(range ? range.length : row.bytes));
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${row.bytes}`);
  if (input.method === "HEAD") return new Response(null, { status, headers });

  const object = await runtime.services.mediaStorage.get(row.storageKey, range ?? undefined);
  if (!object) throw gone();
  return new Response(object.body, { status, headers });
}
