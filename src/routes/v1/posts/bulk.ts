import { type Context, Hono } from "hono";
import { stream } from "hono/streaming";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { bulkCreatePosts, EXPORT_COLUMNS, MAX_PROBED_URLS, exportPostsCsv, getBulkImport, mediaLoaderFor, postStates } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { rateGateOf } from "../../../http/rate-gate.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, openApiSchema, security } from "../../openapi-helpers.js";
import { CSV_COLUMNS, MAX_BULK_BODY_BYTES, readBulkBody } from "./bulk-body.js";
import { BulkImportSchema, BulkJsonBody, BulkResultSchema } from "./bulk-schema.js";

const tags = ["Posts"];

const BULK_DESCRIPTION = `Up to 1,000 posts from a CSV file (\`text/csv\`) or JSON (\`{ rows, dryRun }\`), at most ${MAX_BULK_BODY_BYTES / 1_048_576} MB.

**CSV**: a header line naming some of these columns, in any order: ${CSV_COLUMNS.map((c) => `\`${c}\``).join(", ")}; then one post per line (RFC 4180: quote a cell holding a comma, quote or line break, and double a quote inside it). \`accounts\`, \`platforms\`, \`media\` and \`mediaUrls\` take several values separated by spaces, commas or semicolons; \`queue\` and \`draft\` take \`true\`/\`false\`; \`firstComment\` is the comment's text; \`platformOptions\` is a JSON object. An empty cell leaves the field out. Dry run: \`?dryRun=true\`.

**Dry run** (\`dryRun: true\`): every row goes through the same check as POST /v1/posts/validate, and the answer (200) gives each row's validity, its first error and the per-target report. Files at \`mediaUrls\` are fetched (each distinct URL once, through the same guard and caps as POST /v1/media with \`{ url }\`) and checked as the import would check them: a row whose file is unreachable (\`url_unreachable\`), not a media file (\`media_type_unsupported\`) or too large for a target network (\`media_too_large\`, \`image_too_large\`, ...) is invalid with the import's code, \`param\` \`mediaUrls[i]\` for the fetch. At most ${MAX_PROBED_URLS} distinct URLs are fetched per dry run (the first ones the rows name, each once, four at a time): a row naming a URL past them gets the warning \`media_url_not_fetched\` (in the row's \`warnings\`, \`param\` \`mediaUrls[i]\`), is checked without that file (so it is not refused for lacking one), and the file is fetched and checked when the import runs; dry-run larger sets in batches to see every file's verdict first. Nothing is written, stored, charged or counted against postsPerMinute.

**Import**: each valid row is created as POST /v1/posts would create it (the same checks, postsPerMinute, credits, agent grant and approval rules); a row with a refused target is not created and fails with the first refusal. Send an \`Idempotency-Key\`: retries of the request, even at the same moment, are one import, and each row is created exactly once. An import of at most 25 rows runs in the request and answers 201 with every row's outcome; a larger one answers 202 at once and runs in the background: read its progress with GET /v1/posts/bulk/{id} (or GET /v1/bulk-imports/{id}, the same). A row that meets the posts-per-minute limit does not fail: the import waits for the window and goes on, so a large import runs at the workspace's posting pace.

Refused as a whole (nothing stored): another Content-Type (415 \`bulk_content_type_unsupported\`), an unreadable CSV (\`csv_invalid\`, \`param\` \`line:N\`), an unknown column (\`field_unknown\`, \`param\` the column), more than 1,000 rows (\`bulk_too_many_rows\`), none (\`bulk_no_rows\`), too large (\`body_too_large\`). A malformed row fails on its own with its code and field.`;

const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });

/** GET /v1/bulk-imports/{id} and GET /v1/posts/bulk/{id}: one answer, one scoping. */
const answerBulkImport = async (c: Context<AppEnv>, id: string) => c.json(await getBulkImport({ ctx: c.get("ctx"), input: { id } }));

/** GET /v1/bulk-imports/{id} and GET /v1/posts/bulk/{id}: one resource under two paths, described alike. */
const describeBulkImport = (operationId: string, otherPath: string) =>
  describeRoute({
    operationId,
    tags,
    summary: "A bulk import's progress: rows created, failed and pending, each row's post or error",
    description: `The import POST /v1/posts/bulk answered with, as it runs. \`${otherPath}\` is the same resource: the same answer and the same workspace scoping (another workspace's import is \`resource_not_found\`).`,
    security,
    responses: { 200: jsonResponse(BulkImportSchema, "The import."), ...errorResponses(["resource_not_found"]) },
  });

export const bulkRoutes = new Hono<AppEnv>()
  .post(
    "/posts/bulk",
    describeRoute({
      operationId: "bulkCreatePosts",
      tags,
      summary: "Import up to 1,000 posts from CSV or JSON, or check them all with a dry run",
      description: BULK_DESCRIPTION,
      security,
      parameters: [
        idempotencyHeader,
        { name: "dryRun", in: "query", required: false, description: "`true`: a dry run (for CSV bodies; JSON may say `dryRun` in the body).", schema: { type: "boolean" } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: openApiSchema(BulkJsonBody) },
          "text/csv": { schema: { type: "string" }, example: 'text,accounts,scheduledAt\n"Spring sale, day 1",acc_7Hq2xWm9Lr4Tb8Zc,2027-03-01T09:00:00+01:00\n' },
        },
      },
      responses: {
        200: jsonResponse(BulkResultSchema, "The dry run's report, per row."),
        201: jsonResponse(BulkImportSchema, "A small import, run: every row's outcome."),
        202: jsonResponse(BulkImportSchema, "A large import, accepted and running: poll GET /v1/bulk-imports/{id}."),
        ...errorResponses(["field_required", "bulk_content_type_unsupported", "csv_invalid", "bulk_too_many_rows", "bulk_no_rows", "body_too_large", "body_not_json", "idempotency_key_invalid"]),
      },
    }),
    validate("query", v.strictObject({ dryRun: v.pipe(v.optional(v.picklist(["true", "false"])), v.description("`true` for a dry run.")) })),
    async (c) => {
      const ctx = c.get("ctx");
      const body = await readBulkBody(c, c.req.valid("query").dryRun === "true");
      // A dry run writes nothing, so its answer is not kept under the Idempotency-Key: the same key then imports.
      if (body.dryRun) c.set("refusedBeforeExecution", true);
      const result = await bulkCreatePosts({ ctx, input: { ...body, requestKey: ctx.idempotency?.key ?? null }, loadMedia: mediaLoaderFor(ctx), limits: rateGateOf(c) });
      if (result.dryRun) return c.json(result, 200);
      return c.json(result, result.state === "done" ? 201 : 202);
    },
  )
  .get("/bulk-imports/:id", describeBulkImport("getBulkImport", "/v1/posts/bulk/{id}"), validate("param", IdParam), async (c) => answerBulkImport(c, c.req.valid("param").id))
  // The path issue 28 names: the same handler and answer. redocly's no-ambiguous-paths flags it
  // against /v1/posts/{id}/publish; .redocly.lint-ignore.yaml accepts exactly that one finding.
  .get("/posts/bulk/:id", describeBulkImport("getPostsBulkImport", "/v1/bulk-imports/{id}"), validate("param", IdParam), async (c) => answerBulkImport(c, c.req.valid("param").id))
  .get(
    "/posts/export",
    describeRoute({
      operationId: "exportPosts",
      tags,
      summary: "Posts as CSV, newest first, with the list's filters",
      description: `Streams every post GET /v1/posts would list (this workspace, this key's mode, an agent's grant; \`state\` filters alike) as \`text/csv\`, one post per line under the header: ${EXPORT_COLUMNS.map((c) => `\`${c}\``).join(", ")}. Lists are space-separated. A cell starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return is written with a leading \`'\` so a spreadsheet shows it as text and never runs it as a formula.`,
      security,
      responses: {
        200: {
          description: "The posts as CSV.",
          content: {
            "text/csv": {
              schema: { type: "string" },
              example: `${EXPORT_COLUMNS.join(",")}\r\npost_3kTq9WzLm2Xc7Hv4Rb8N,scheduled,"Spring sale, day 1",,acc_7Hq2xWm9Lr4Tb8Zc,bluesky,,2027-03-01T08:00:00.000Z,Europe/Berlin,2027-02-01T08:00:00.000Z,,bluesky:pending,,,\r\n`,
            },
          },
        },
        ...errorResponses(["field_invalid"]),
      },
    }),
    validate(
      "query",
      v.strictObject({
        format: v.pipe(v.optional(v.picklist(["csv"])), v.description("`csv`, the one format.")),
        state: v.pipe(v.optional(v.picklist(postStates)), v.description("Only posts in this state.")),
      }),
    ),
    async (c) => {
      const ctx = c.get("ctx");
      const { state } = c.req.valid("query");
      const rows = exportPostsCsv({ ctx, input: { state } });
      // The first page is read before the status is sent, so a failing read is still an error answer.
      const first = await rows.next();
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", 'attachment; filename="posts.csv"');
      return stream(c, async (out) => {
        if (!first.done) await out.write(first.value);
        for await (const chunk of rows) await out.write(chunk);
      });
    },
  );
