import { ApiError } from "../../../infra/errors.js";
import type { ConversationRef } from "../../../networks/facets/inbox.js";

/**
 * Chorus conversation ids: `cnv_` + base64url of `[account, via, networkConversationId]`. The id
 * carries the account it belongs to, so the message routes need nothing else to find the
 * connection, and an id is only ever resolved inside the caller's workspace: another workspace's
 * id names an account the caller does not have and is a 404 like an id that never existed. It is
 * not a secret and needs no signature: an edited id can only name the caller's own accounts, and
 * the network itself refuses a conversation the account is not part of. Clients treat it as
 * opaque; `networkConversationId` on the record is the network's own id.
 */
const PREFIX = "cnv_";
const encoder = new TextEncoder();

const toBase64Url = (text: string) => {
  let binary = "";
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

export interface ConversationKey extends ConversationRef {
  account: string;
}

export function conversationId(key: ConversationKey): string {
  return PREFIX + toBase64Url(JSON.stringify([key.account, key.via, key.id]));
}

// The message names no id: an id of another workspace must not be echoed back as if it meant something.
export const conversationNotFound = () =>
  new ApiError("resource_not_found", {
    param: "id",
    message: "No conversation with this id in this workspace.",
    fix: "Use an `id` from GET /v1/conversations; conversations of other workspaces are never visible.",
  });

/** The parts of a conversation id, or 404 for anything that is not one. */
export function parseConversationId(id: string): ConversationKey {
  if (!id.startsWith(PREFIX) || !/^[A-Za-z0-9_-]+$/.test(id.slice(PREFIX.length)) || id.length > 1000) throw conversationNotFound();
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(atob(id.slice(PREFIX.length).replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
    const parts: unknown = JSON.parse(text);
    if (Array.isArray(parts) && parts.length === 3) {
      const [account, via, network] = parts as unknown[];
      if (typeof account === "string" && account.startsWith("acc_") && (via === null || (typeof via === "string" && via !== "")) && typeof network === "string" && network !== "") {
        return { account, via, id: network };
      }
    }
  } catch {
    // Falls through to the same 404 as any id that is not ours.
  }
  throw conversationNotFound();
}
