import { recordAuditEvent } from "../../core/index.js";
import type { IngestCredentials } from "../../../networks/facets/live.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { assertTransition } from "./broadcast-transitions.js";
import { requireBroadcast, requireLiveAccount } from "./live-account.js";

/**
 * POST .../live-broadcasts/{liveId}/credentials: the stream URL and key again, for a person who
 * lost the creation answer. Chorus never stores them: they are read from the network on each
 * reveal, and each reveal is an audit event (GET /v1/audit) naming the key that asked.
 */
export async function revealCredentials({ ctx, input }: { ctx: DomainContext; input: { id: string; liveId: string } }): Promise<{ id: string; ingest: IngestCredentials }> {
  const account = await requireLiveAccount(ctx, input.id);
  const row = await requireBroadcast(ctx, account.row.id, input.liveId);
  const ref = { networkId: row.networkId, pageId: row.pageId };
  const ingest = await withAccountSession(ctx, account.row, async (tokens, net) => {
    const now = await account.live.readBroadcast(tokens, ref, net);
    assertTransition("credentials", now.status, now.networkStatus, account.platform);
    return account.live.ingestCredentials(tokens, ref, net);
  });
  await recordAuditEvent(ctx.db, {
    workspaceId: ctx.workspace.id,
    type: "live.credentials_revealed",
    actor: ctx.apiKey.id,
    details: { broadcast: row.id, account: account.row.id, platform: account.platform },
    at: ctx.clock.now(),
  });
  return { id: row.id, ingest };
}
