import * as v from "valibot";
import { bulkCreatePosts, getBulkImport, MAX_BULK_ROWS, mediaLoaderFor } from "../../domain/publishing/index.js";
import { rateGateOf } from "../../http/rate-gate.js";
import { checkedRow } from "../../routes/v1/posts/bulk-body.js";
import { BulkImportSchema, BulkResultSchema } from "../../routes/v1/posts/bulk-schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idArgument } from "./list-arguments.js";
import { idempotencyKeyArgument, writeWithKey } from "./keyed-create.js";

/** Bulk import through MCP: the same operation as POST /v1/posts/bulk (JSON), bound by the agent's grant row by row. */
export const bulkTools = [
  defineTool({
    name: "bulk_create_posts",
    // A dry run only checks; each row that publishes or schedules needs publish_or_schedule (checked by createPost per row).
    action: "draft",
    title: "Import many posts at once, or check them all",
    description: `POST /v1/posts/bulk: 1 to ${MAX_BULK_ROWS} rows, each with the fields of \`create_post\` (no \`thread\`) plus \`mediaUrls\`. \`dryRun: true\` checks every row as \`validate_post\` does, fetching each distinct \`mediaUrls\` file once and checking it as the import would (unreachable, not a media file, too large for a network: the import's code), and writes nothing. Otherwise each valid row is created once as \`create_post\` would (same limits, credits, grant and approval rules); up to 25 rows answer with every outcome, more run in the background: read progress with \`get_bulk_import\`. Send \`idempotencyKey\` so a retry creates nothing twice.`,
    input: v.strictObject({
      rows: v.pipe(v.array(v.unknown()), v.description("The posts: objects with the fields of `create_post` (no `thread`) plus `mediaUrls` (https URLs to fetch as media).")),
      dryRun: v.pipe(v.optional(v.boolean()), v.description("`true`: only check; nothing is written.")),
      idempotencyKey: idempotencyKeyArgument("Like the REST Idempotency-Key: a retry with the same key and rows is the same import. Ignored for a dry run."),
    }),
    output: BulkResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (call, input, raw) => {
      const { idempotencyKey, ...body } = input;
      const run = () =>
        bulkCreatePosts({
          ctx: call.ctx,
          input: { rows: body.rows.map(checkedRow), dryRun: body.dryRun ?? false, requestKey: call.ctx.idempotency?.key ?? null },
          loadMedia: mediaLoaderFor(call.ctx),
          limits: rateGateOf(call.http),
        });
      if (idempotencyKey === undefined || body.dryRun) return run();
      const { idempotencyKey: _key, ...sent } = raw;
      return writeWithKey(call, { key: idempotencyKey, path: "/v1/posts/bulk", body: sent }, run, 201);
    },
  }),
  defineTool({
    name: "get_bulk_import",
    action: "read",
    title: "A bulk import's progress",
    description: "GET /v1/bulk-imports/{id}: rows created, failed and pending, and each row's post id or error (code, param, fix). An agent reads only the imports it sent.",
    input: v.strictObject({ id: idArgument("`bulk_…` (from `bulk_create_posts`)") }),
    output: BulkImportSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getBulkImport({ ctx, input }),
  }),
];
