import type { DomainContext } from "../../core/index.js";
import type { PostView } from "../posts/post-view.js";
import { listPosts } from "../posts/read-posts.js";

/**
 * The export's columns. Those an import also reads carry the import's names (`text`, `accounts`,
 * `media`, `scheduledAt`, `timezone`, `platformOptions`), so an export's rows can be edited and
 * sent back to POST /v1/posts/bulk after dropping the read-only columns.
 */
export const EXPORT_COLUMNS = [
  "id",
  "state",
  "text",
  "profile",
  "accounts",
  "platforms",
  "media",
  "scheduledAt",
  "timezone",
  "createdAt",
  "publishedAt",
  "targetStates",
  "urls",
  "errors",
  "platformOptions",
] as const;

/** Posts read per page while streaming: the list's largest page. */
const PAGE = 100;

/**
 * A spreadsheet treats a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as
 * a formula, which a post's text (written by anyone) must never become: such a cell is prefixed
 * with `'` (OWASP's advice for CSV injection), which spreadsheets show as text.
 */
export function safeCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

const joined = (values: readonly (string | null)[]) => values.filter((v): v is string => Boolean(v)).join(" ");

function cellsOf(post: PostView): string[] {
  const t = post.targets;
  return [
    post.id,
    post.state,
    post.text,
    post.profile ?? "",
    joined(t.map((x) => x.account)),
    joined([...new Set(t.map((x) => x.platform))]),
    joined(post.media),
    post.scheduledAt ?? "",
    post.timezone ?? "",
    post.createdAt,
    post.publishedAt ?? "",
    joined(t.map((x) => `${x.platform}:${x.state}`)),
    joined(t.map((x) => x.url)),
    joined(t.map((x) => (x.error ? `${x.platform}:${x.error.code}` : null))),
    Object.keys(post.platformOptions).length > 0 ? JSON.stringify(post.platformOptions) : "",
  ];
}

/**
 * GET /v1/posts/export: the caller's posts as CSV, newest first, page by page through the same
 * read as GET /v1/posts (its workspace, its key's mode, an agent's grant, the same filters), so a
 * large export is never held in memory and never shows what the list would not.
 */
export async function* exportPostsCsv({ ctx, input }: { ctx: DomainContext; input: { state?: string | undefined } }): AsyncGenerator<string> {
  // The header goes out with the first page, so a caller that reads one chunk before answering has read the database once.
  let header = `${EXPORT_COLUMNS.join(",")}\r\n`;
  let cursor: string | undefined;
  do {
    const page = await listPosts({ ctx, input: { state: input.state, limit: PAGE, cursor } });
    yield header + page.items.map((post) => `${cellsOf(post).map(safeCell).join(",")}\r\n`).join("");
    header = "";
    cursor = page.cursor ?? undefined;
  } while (cursor);
}
