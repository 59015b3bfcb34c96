import { CsvError, parse } from "csv-parse/sync";
import type { Context } from "hono";
import * as v from "valibot";
import type { BulkRow, BulkRowInput } from "../../../domain/publishing/index.js";
import { MAX_BULK_ROWS } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { assertSafeInput } from "../../../http/input-limits.js";
import { issueToError } from "../../../http/validate.js";
import { ApiError } from "../../../infra/errors.js";
import { BulkJsonBody, BulkRowFields } from "./bulk-schema.js";

/** 1,000 rows of ordinary posts fit with room to spare; a body over it is refused before it is parsed. */
export const MAX_BULK_BODY_BYTES = 5 * 1_048_576;

/** CSV columns, named like the JSON fields; list cells take several values separated by spaces, commas or semicolons. */
export const CSV_COLUMNS = ["text", "accounts", "profile", "platforms", "media", "mediaUrls", "scheduledAt", "timezone", "queue", "draft", "firstComment", "platformOptions"] as const;
type Column = (typeof CSV_COLUMNS)[number];
const LIST_COLUMNS = new Set<Column>(["accounts", "platforms", "media", "mediaUrls"]);
const BOOLEAN_CELLS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, "1": true, "0": false };

const isCsv = (type: string) => /^text\/csv\b/i.test(type);
const isJson = (type: string) => /^application\/(.+\+)?json\b/i.test(type);

async function readBody(c: Context<AppEnv>): Promise<string> {
  const declared = Number(c.req.header("content-length") ?? "0");
  const tooLarge = () =>
    new ApiError("body_too_large", { message: `A bulk import body is at most ${MAX_BULK_BODY_BYTES / 1_048_576} MB.`, fix: "Split the rows into smaller imports.", beforeExecution: true });
  if (declared > MAX_BULK_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BULK_BODY_BYTES) throw tooLarge();
  return text;
}

/** One row against the row schema: a malformed row fails on its own (its code and field), the others go on. */
export function checkedRow(raw: unknown): BulkRow {
  const result = v.safeParse(BulkRowFields, raw);
  if (result.success) return { input: result.output as BulkRowInput };
  const [first] = result.issues;
  const error = first ? issueToError(first, { text: "text_required" }) : new ApiError("field_wrong_type");
  return { error: { code: error.code, message: error.message, param: error.param, fix: error.fix } };
}

/** A cell as the JSON field it stands for; what cannot be read is left as it is, for the row schema to refuse by name. */
function cellValue(column: Column, cell: string): unknown {
  if (LIST_COLUMNS.has(column)) return cell.split(/[\s,;]+/).filter(Boolean);
  if (column === "queue" || column === "draft") return BOOLEAN_CELLS[cell.trim().toLowerCase()] ?? cell;
  if (column === "firstComment") return { text: cell };
  if (column === "platformOptions") {
    try {
      return JSON.parse(cell) as unknown;
    } catch {
      return cell;
    }
  }
  return cell;
}

function csvError(error: unknown): never {
  if (!(error instanceof CsvError)) throw error;
  const line = (error as CsvError & { lines?: number }).lines;
  const what =
    error.code === "CSV_QUOTE_NOT_CLOSED"
      ? "a quoted cell is never closed"
      : error.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH"
        ? "the line has another number of cells than the header"
        : error.message;
  throw new ApiError("csv_invalid", { param: line ? `line:${line}` : null, message: `The CSV could not be read${line ? ` at line ${line}` : ""}: ${what}.`, beforeExecution: true });
}

/** A CSV import's rows, as the REST route and the dashboard's bulk import page read them. */
export function rowsOfCsv(text: string): BulkRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    csvError(error);
  }
  const [header, ...lines] = records;
  if (!header) throw new ApiError("bulk_no_rows", { param: "rows", message: "The CSV is empty: it needs a header line and at least one row.", beforeExecution: true });
  const columns = header.map((name) => name.trim());
  for (const [i, name] of columns.entries()) {
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      throw new ApiError("field_unknown", {
        param: name || `column:${i + 1}`,
        message: `Unknown CSV column \`${name}\` (column ${i + 1}).`,
        fix: `Use only these columns: ${CSV_COLUMNS.join(", ")}.`,
        beforeExecution: true,
      });
    }
    if (columns.indexOf(name) !== i) throw new ApiError("csv_invalid", { param: name, message: `The column \`${name}\` appears twice in the header.`, beforeExecution: true });
  }
  if (lines.length > MAX_BULK_ROWS) throw new ApiError("bulk_too_many_rows", { param: "rows", message: `${lines.length} rows; at most ${MAX_BULK_ROWS}.`, beforeExecution: true });
  return lines.map((cells) => {
    const raw: Record<string, unknown> = {};
    for (const [i, cell] of cells.entries()) {
      const column = columns[i] as Column;
      if (cell.trim() !== "") raw[column] = cellValue(column, cell);
    }
    return checkedRow(raw);
  });
}

/**
 * POST /v1/posts/bulk's body: a CSV file (header line of CSV_COLUMNS; `?dryRun=true` for a dry
 * run) or JSON `{ rows, dryRun }`. What is wrong with the body as a whole (its type, size, an
 * unreadable CSV, an unknown column, too many rows) refuses the request; a wrong row fails alone.
 */
export async function readBulkBody(c: Context<AppEnv>, dryRunQuery: boolean): Promise<{ rows: BulkRow[]; dryRun: boolean }> {
  const type = c.req.header("content-type") ?? "";
  const text = await readBody(c);
  if (text.trim() === "") throw new ApiError("field_required", { param: "rows", message: "The body is required: a CSV file or JSON `{ rows }`.", beforeExecution: true });
  if (!isCsv(type) && !isJson(type)) {
    throw new ApiError("bulk_content_type_unsupported", { param: "Content-Type", message: `Content-Type must be text/csv or application/json, received ${type || "none"}.`, beforeExecution: true });
  }
  if (isCsv(type)) return { rows: rowsOfCsv(text), dryRun: dryRunQuery };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("body_not_json", { beforeExecution: true });
  }
  assertSafeInput(parsed);
  const body = v.safeParse(BulkJsonBody, Array.isArray(parsed) ? null : parsed);
  if (!body.success) {
    const [first] = body.issues;
    throw first ? issueToError(first) : new ApiError("field_wrong_type", { beforeExecution: true });
  }
  if (body.output.rows.length > MAX_BULK_ROWS)
    throw new ApiError("bulk_too_many_rows", { param: "rows", message: `${body.output.rows.length} rows; at most ${MAX_BULK_ROWS}.`, beforeExecution: true });
  return { rows: body.output.rows.map(checkedRow), dryRun: body.output.dryRun ?? dryRunQuery };
}
