/**
 * Whether an unexpected error is a passing failure of something Chorus depends on, so the same
 * request may well succeed a moment later. Only these are answered as retryable; any other
 * unexpected error is a bug, and telling clients to retry it only repeats the failure.
 *
 * Recognised by error codes, never by message text: Node's socket codes, the names fetch and
 * AbortSignal.timeout give, and Postgres SQLSTATEs (node-postgres, PGlite and Neon all expose
 * `code`; Drizzle wraps them as `cause`).
 */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EAI_AGAIN", "ECONNABORTED", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT"]);
const TIMEOUT_NAMES = new Set(["TimeoutError", "AbortError"]);
/** serialization_failure, deadlock_detected, too_many_connections, query_canceled (statement timeout), admin/crash shutdown, cannot_connect_now. */
const TRANSIENT_SQLSTATES = new Set(["40001", "40P01", "53300", "57014", "57P01", "57P02", "57P03"]);
/** Class 08: connection exceptions. */
const CONNECTION_CLASS = "08";

function isTransientItself(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof name === "string" && TIMEOUT_NAMES.has(name)) return true;
  if (typeof code !== "string") return false;
  return SOCKET_CODES.has(code) || TRANSIENT_SQLSTATES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(CONNECTION_CLASS));
}

export function isTransientFailure(error: unknown): boolean {
  let current: unknown = error;
  // Follow `cause` a few levels: Drizzle wraps the driver's error, fetch wraps the socket's.
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (isTransientItself(current)) return true;
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}
