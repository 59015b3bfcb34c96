import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import { signSpanningCursor, verifySpanningCursor } from "../../accounts/index.js";

/**
 * The cursor of a one-network discovery list (creators): the network's own cursor, signed like a
 * spanning cursor so a client can neither edit it nor replay it in another workspace, account or query.
 */
export interface SingleCursorScope {
  list: string;
  account: string;
}

const scopeOf = (ctx: DomainContext, scope: SingleCursorScope) => ({ list: scope.list, workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode, account: scope.account });

export function encodeDiscoveryCursor(ctx: DomainContext, scope: SingleCursorScope, networkCursor: string): Promise<string> {
  return signSpanningCursor(ctx.services.signingSecret, scopeOf(ctx, scope), { [scope.account]: { cursor: networkCursor, size: null, after: null, done: false } });
}

export async function decodeDiscoveryCursor(ctx: DomainContext, scope: SingleCursorScope, cursor: string): Promise<string> {
  const states = await verifySpanningCursor(ctx.services.signingSecret, scopeOf(ctx, scope), cursor);
  const position = states[scope.account]?.cursor;
  if (!position) throw new ApiError("cursor_invalid", { param: "cursor", message: "This cursor was not issued for this account." });
  return position;
}
