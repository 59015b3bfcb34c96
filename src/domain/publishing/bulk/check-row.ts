import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import { type CreatePostRequest, type ValidationReport, validatePost } from "../posts/create-post.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import { importMediaFromUrl } from "../media/import-media.js";
import type { BulkRowError, BulkRowInput } from "./bulk-types.js";

/** The envelope's fields of a refusal, for a row's outcome. */
export function rowError(error: ApiError): BulkRowError {
  return { code: error.code, message: error.message, param: error.param, fix: error.fix };
}

export interface CheckedRow {
  input: CreatePostRequest;
  targets: ValidationReport["targets"];
  error: BulkRowError | null;
}

/**
 * A row through the one check POST /v1/posts and /v1/posts/validate run (validatePost), plus its
 * media URLs: fetched and stored when the import writes (`importUrls`), so their files are checked
 * like any media; a dry run writes nothing, so it checks the rest of the row and says so.
 */
export async function checkRow(ctx: DomainContext, row: BulkRowInput, loadMedia: MediaLoader, options: { importUrls: boolean }): Promise<CheckedRow> {
  const { mediaUrls, ...post } = row;
  const input: CreatePostRequest = { ...post };
  const urlWarnings: ValidationReport["targets"][number]["warnings"] = [];
  try {
    if (mediaUrls?.length) {
      if (options.importUrls) {
        const imported: string[] = [];
        for (const [i, url] of mediaUrls.entries()) {
          try {
            imported.push((await importMediaFromUrl({ ctx, input: { url } })).id);
          } catch (error) {
            if (error instanceof ApiError) throw new ApiError(error.code, { message: error.message, param: `mediaUrls[${i}]`, fix: error.fix });
            throw error;
          }
        }
        input.media = [...(input.media ?? []), ...imported];
      } else {
        urlWarnings.push({
          code: "media_url_not_fetched",
          param: "mediaUrls",
          message: "A dry run fetches no file: the files at `mediaUrls` are fetched and checked when the import runs.",
          fix: null,
        });
      }
    }
    const report = await validatePost({ ctx, input, loadMedia });
    const targets = report.targets.map((t) => ({ ...t, warnings: [...urlWarnings, ...t.warnings] }));
    const refused = report.targets.find((t) => t.errors.length > 0);
    const first = refused?.errors[0];
    if (!refused || !first) return { input, targets, error: null };
    const error = { code: first.code, param: first.param, fix: first.fix, message: `${refused.platform} @${refused.handle}: ${first.message}` };
    return { input, targets, error };
  } catch (error) {
    if (error instanceof ApiError) return { input, targets: [], error: rowError(error) };
    throw error;
  }
}
