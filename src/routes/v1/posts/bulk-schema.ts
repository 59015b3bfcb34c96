import * as v from "valibot";
import { MAX_BULK_ROWS } from "../../../domain/publishing/index.js";
import { named, namedBody } from "../../openapi-helpers.js";
import { CreatePostFields } from "./schema.js";

const { thread: _thread, ...rowFields } = CreatePostFields.entries;

/** One row: the fields of POST /v1/posts (a thread is one post with its replies, so it stays there), plus media by URL. */
export const BulkRowFields = v.strictObject({
  ...rowFields,
  mediaUrls: v.pipe(
    v.optional(v.pipe(v.array(v.pipe(v.string(), v.url("must be a URL"), v.startsWith("https://", "must be an https URL"))), v.maxLength(10))),
    v.description(
      "Files to fetch and store as media (like POST /v1/media with `{ url }`), appended after `media`. Fetched when the row runs; a dry run fetches each distinct URL once and checks its file exactly as the import would (type read from its first bytes, size, pixels, duration, each target network's limits), storing nothing. A URL that cannot be fetched or is not a media file fails the row with the import's code and `param` `mediaUrls[i]`.",
    ),
  ),
});

export const BulkJsonBody = namedBody(
  "BulkPostsRequest",
  v.strictObject({
    rows: v.pipe(
      v.array(v.unknown()),
      v.description(
        `1 to ${MAX_BULK_ROWS} posts, each with the fields of POST /v1/posts (no \`thread\`) plus \`mediaUrls\`. A row is checked on its own: one that is malformed fails with its code and the others go on.`,
      ),
    ),
    dryRun: v.pipe(v.optional(v.boolean()), v.description("`true`: check every row exactly as POST /v1/posts/validate and write nothing.")),
  }),
  { rows: [{ text: "Spring sale starts today", accounts: ["acc_7Hq2xWm9Lr4Tb8Zc"], scheduledAt: "2027-03-01T09:00:00+01:00" }], dryRun: true },
);

const RowError = v.pipe(
  v.nullable(v.object({ code: v.string(), message: v.string(), param: v.nullable(v.string()), fix: v.nullable(v.string()) })),
  v.description("Why the row was not created (or would not be): the error envelope's `code`, `message`, `param` (the row's field) and `fix`."),
);
const Issue = v.object({ code: v.string(), param: v.nullable(v.string()), message: v.string(), fix: v.nullable(v.string()) });

const DryRunReportSchema = v.object({
  dryRun: v.literal(true),
  valid: v.pipe(v.boolean(), v.description("True when every row would be created.")),
  total: v.number(),
  validRows: v.number(),
  invalidRows: v.number(),
  rows: v.array(
    v.object({
      row: v.pipe(v.number(), v.description("The row's index, from 0 (CSV: the first line under the header).")),
      valid: v.boolean(),
      error: RowError,
      warnings: v.pipe(
        v.array(Issue),
        v.description("About the row as a whole, never making it invalid: `media_url_not_fetched` (`param` `mediaUrls[i]`) for a URL past the dry run's cap of 100 distinct URLs."),
      ),
      targets: v.pipe(
        v.array(v.object({ account: v.string(), platform: v.string(), handle: v.string(), errors: v.array(Issue), warnings: v.array(Issue) })),
        v.description("Per target, the report POST /v1/posts/validate gives; empty when the row failed as a whole."),
      ),
    }),
  ),
});

export const BulkImportSchema = named(
  "BulkImport",
  v.object({
    id: v.pipe(v.string(), v.description("`bulk_` id; read progress with GET /v1/bulk-imports/{id}.")),
    dryRun: v.literal(false),
    state: v.pipe(v.picklist(["running", "done"]), v.description("`done` once every row is `created` or `failed`.")),
    total: v.number(),
    created: v.number(),
    failed: v.number(),
    pending: v.pipe(v.number(), v.description("Rows not run yet, or running now, or waiting for the posts-per-minute window.")),
    createdAt: v.string(),
    finishedAt: v.nullable(v.string()),
    rows: v.array(
      v.object({
        row: v.number(),
        state: v.pipe(v.picklist(["pending", "running", "created", "failed"]), v.description("`created`: `postId` is the post, as POST /v1/posts made it.")),
        postId: v.nullable(v.string()),
        error: RowError,
      }),
    ),
  }),
);

export const BulkResultSchema = named("BulkPostsResult", v.union([v.pipe(DryRunReportSchema, v.description("With `dryRun: true`.")), BulkImportSchema]));
