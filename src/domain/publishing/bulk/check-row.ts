import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import { type CreatePostRequest, type ValidationReport, validatePost } from "../posts/create-post.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import { importMediaFromUrl } from "../media/import-media.js";
import type { BulkRowError, BulkRowInput } from "./bulk-types.js";
import { MAX_PROBED_URLS, type UrlProbes } from "./probe-urls.js";

/** The envelope's fields of a refusal, for a row's outcome. */
export function rowError(error: ApiError): BulkRowError {
  return { code: error.code, message: error.message, param: error.param, fix: error.fix };
}

export interface CheckedRow {
  input: CreatePostRequest;
  targets: ValidationReport["targets"];
  error: BulkRowError | null;
  /** About the row as a whole: a dry run's URL past its cap, not fetched (`media_url_not_fetched`). */
  warnings: BulkRowError[];
}

/** How a row's `mediaUrls` become media: imported (stored) when the import writes, probed beforehand by a dry run. */
export type RowUrls = { importUrls: true } | { importUrls: false; probes: UrlProbes };

/** A refusal of a row's `i`th URL, named by its place in the row as an import and a dry run both name it. */
const atUrl = (error: ApiError, i: number) => new ApiError(error.code, { message: error.message, param: `mediaUrls[${i}]`, fix: error.fix });

/**
 * A row through the one check POST /v1/posts and /v1/posts/validate run (validatePost), plus its
 * media URLs, appended after `media`: fetched and stored when the import writes, so their files
 * are checked like any media; a dry run gets them already probed (probeRowUrls: fetched and read
 * the same way, nothing kept) and a loader that serves their facts under their URLs.
 */
export async function checkRow(ctx: DomainContext, row: BulkRowInput, loadMedia: MediaLoader, urls: RowUrls): Promise<CheckedRow> {
  const { mediaUrls, ...post } = row;
  const input: CreatePostRequest = { ...post };
  const warnings: BulkRowError[] = [];
  try {
    if (mediaUrls?.length) {
      const added: string[] = [];
      for (const [i, url] of mediaUrls.entries()) {
        if (urls.importUrls) {
          try {
            added.push((await importMediaFromUrl({ ctx, input: { url } })).id);
          } catch (error) {
            throw error instanceof ApiError ? atUrl(error, i) : error;
          }
        } else {
          const probe = urls.probes.get(url);
          if (!probe) throw new Error(`dry run: ${url} was not probed`);
          if ("notFetched" in probe) {
            warnings.push(rowError(new ApiError("media_url_not_fetched", { param: `mediaUrls[${i}]`, message: notFetchedMessage(url) })));
            continue;
          }
          if ("error" in probe) throw atUrl(probe.error, i);
          added.push(probe.media.id);
        }
      }
      input.media = [...(input.media ?? []), ...added];
    }
    const report = await validatePost({ ctx, input, loadMedia });
    const targets = warnings.length > 0 ? withUncheckedFiles(report.targets) : report.targets;
    const refused = targets.find((t) => t.errors.length > 0);
    const first = refused?.errors[0];
    if (!refused || !first) return { input, targets, error: null, warnings };
    const error = { code: first.code, param: first.param, fix: first.fix, message: `${refused.platform} @${refused.handle}: ${first.message}` };
    return { input, targets, error, warnings };
  } catch (error) {
    if (error instanceof ApiError) return { input, targets: [], error: rowError(error), warnings };
    throw error;
  }
}

const notFetchedMessage = (url: string) =>
  `${url} was not fetched: a dry run fetches at most ${MAX_PROBED_URLS} distinct mediaUrls and this one is past them, so its file is checked when the import runs, not now. The rest of the row was checked without it.`;

/**
 * A row checked without a file it names cannot be told "attach a file": the file is there, just
 * not fetched. Its other refusals stand; the file's own are the import's to give.
 */
function withUncheckedFiles(targets: ValidationReport["targets"]): ValidationReport["targets"] {
  return targets.map((t) => ({ ...t, errors: t.errors.filter((e) => e.code !== "media_required") }));
}
