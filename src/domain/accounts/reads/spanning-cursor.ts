import * as v from "valibot";
import { ApiError } from "../../../infra/errors.js";
import type { SourceState } from "../../../networks/merge-pages.js";

/**
 * The cursor of a spanning read: where every account's read stands, signed with the app's
 * signing secret so a client can neither edit a network position nor replay a cursor in another
 * workspace, list or account filter. Clients never parse it (spec, Conventions).
 */
const PURPOSE = "chorus.spanning-cursor.v1.";
const encoder = new TextEncoder();

const StateSchema = v.strictObject({
  c: v.nullable(v.string()),
  n: v.nullable(v.number()),
  a: v.nullable(v.tuple([v.string(), v.string()])),
  d: v.boolean(),
});

const Payload = v.strictObject({
  v: v.literal(1),
  /** The list, the workspace, the key mode and the account filter the cursor belongs to. */
  scope: v.string(),
  accounts: v.record(v.string(), StateSchema),
});

export interface CursorScope {
  list: string;
  workspaceId: string;
  mode: string;
  /** The `account` filter, or null for every account. */
  account: string | null;
}

const scopeText = (scope: CursorScope) => [scope.list, scope.workspaceId, scope.mode, scope.account ?? "*"].join(" ");

const toBase64Url = (bytes: Uint8Array) => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

const hmacKey = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

export async function signSpanningCursor(secret: string, scope: CursorScope, states: Record<string, SourceState>): Promise<string> {
  const accounts: Record<string, v.InferOutput<typeof StateSchema>> = {};
  for (const [key, s] of Object.entries(states)) accounts[key] = { c: s.cursor, n: s.size, a: s.after ? [s.after.createdAt, s.after.id] : null, d: s.done };
  const payload: v.InferOutput<typeof Payload> = { v: 1, scope: scopeText(scope), accounts };
  const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(PURPOSE + body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

/** Every account's position, or 400 `cursor_invalid` for an altered cursor or one of another list, workspace or filter. */
export async function verifySpanningCursor(secret: string, scope: CursorScope, cursor: string): Promise<Record<string, SourceState>> {
  const invalid = () =>
    new ApiError("cursor_invalid", {
      param: "cursor",
      message: "This cursor was altered, or was issued for another list, account filter or workspace.",
    });
  const parts = cursor.split(".");
  const body = parts[0];
  const signature = parts.length === 2 && parts[1] ? fromBase64Url(parts[1]) : null;
  const bytes = body ? fromBase64Url(body) : null;
  if (!body || !signature || !bytes) throw invalid();
  // The signature is checked before anything in the payload is read.
  if (!(await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(PURPOSE + body)))) throw invalid();
  let payload: v.InferOutput<typeof Payload>;
  try {
    payload = v.parse(Payload, JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    throw invalid();
  }
  if (payload.scope !== scopeText(scope)) throw invalid();
  const states: Record<string, SourceState> = {};
  for (const [key, s] of Object.entries(payload.accounts)) {
    states[key] = { cursor: s.c, size: s.n, after: s.a ? { createdAt: s.a[0], id: s.a[1] } : null, done: s.d };
  }
  return states;
}
