import { sha256Hex } from "../../../infra/crypto.js";
import { ApiError } from "../../../infra/errors.js";

/** A position in a newest-first list: the last item's creation time and id. */
export interface Position {
  createdAt: string;
  id: string;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));

/**
 * Cursors are opaque to clients: the position plus a check over it and the list it belongs
 * to, so an edited cursor or one from another list is refused with a clear error instead of
 * silently returning the wrong page.
 */
export async function encodeCursor(list: string, position: Position): Promise<string> {
  const payload = toBase64Url(JSON.stringify([position.createdAt, position.id]));
  const check = (await sha256Hex(`${list}:${payload}`)).slice(0, 16);
  return `${payload}.${check}`;
}

export async function decodeCursor(list: string, cursor: string, param = "cursor"): Promise<Position> {
  const refuse = () => new ApiError("cursor_invalid", { param });
  const [payload, check] = cursor.split(".");
  if (!payload || !check || check !== (await sha256Hex(`${list}:${payload}`)).slice(0, 16)) throw refuse();
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(payload));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string" && typeof parsed[1] === "string") {
      if (Number.isNaN(Date.parse(parsed[0]))) throw refuse();
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    throw refuse();
  }
  throw refuse();
}

/** Takes `limit + 1` rows and turns the extra one into the next cursor. */
export async function pageOf<T extends { id: string; createdAt: Date }>(list: string, rows: T[], limit: number): Promise<{ items: T[]; cursor: string | null }> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const cursor = rows.length > limit && last ? await encodeCursor(list, { createdAt: last.createdAt.toISOString(), id: last.id }) : null;
  return { items, cursor };
}
