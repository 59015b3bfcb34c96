import type { ErrorTable } from "../http.js";
import { extractGraphError, graphCommonRows } from "../facebook/graph.js";

/**
 * Threads answers in Graph's error envelope and uses Graph's general codes (190 expired token,
 * 10 and 200-299 permissions, 4/17/32/613 throttling, 368 temporary block). The spec reports a
 * missing permission outside the page and photo networks as `missing_scope`. Container-level
 * failures (`error_message` of a container in ERROR) belong to publishing, a later issue.
 */
export const threadsErrorTable: ErrorTable = {
  platform: "threads",
  extract: extractGraphError,
  rows: graphCommonRows("missing_scope"),
};
