import type { BulkRowError } from "../../../db/schema/index.js";
import type { CreatePostRequest, ValidationReport } from "../posts/create-post.js";

export type { BulkRowError };

/** At most this many rows in one import (issue 28). */
export const MAX_BULK_ROWS = 1000;

/** One row as the caller sent it, already shaped like a POST /v1/posts body; media may also be URLs to fetch. */
export interface BulkRowInput extends CreatePostRequest {
  mediaUrls?: string[] | undefined;
}

/** A row the route could not even read (a wrong type, an unknown field): it fails on its own, the others go on. */
export type BulkRow = { input: BulkRowInput; error?: undefined } | { input?: undefined; error: BulkRowError };

export interface DryRunRow {
  row: number;
  valid: boolean;
  error: BulkRowError | null;
  /** About the row as a whole, never refusing it (`media_url_not_fetched`). */
  warnings: BulkRowError[];
  targets: ValidationReport["targets"];
}

export interface DryRunReport {
  dryRun: true;
  valid: boolean;
  total: number;
  validRows: number;
  invalidRows: number;
  rows: DryRunRow[];
}

export type BulkRowState = "pending" | "running" | "created" | "failed";

export interface BulkRowView {
  row: number;
  state: BulkRowState;
  postId: string | null;
  error: BulkRowError | null;
}

export interface BulkImportView {
  id: string;
  dryRun: false;
  state: "running" | "done";
  total: number;
  created: number;
  failed: number;
  pending: number;
  createdAt: string;
  finishedAt: string | null;
  rows: BulkRowView[];
}
