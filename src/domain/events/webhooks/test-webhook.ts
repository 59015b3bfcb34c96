import { events } from "../../../db/schema/index.js";
import { newId } from "../../../infra/ids.js";
import type { DomainContext } from "../../core/index.js";
import { fanOutEvent } from "./fan-out-event.js";
import { requireEndpoint, toWebhookView } from "./webhook-view.js";

/**
 * POST /v1/webhooks/{id}/test: records a `webhook.test` event and delivers it to this endpoint
 * only, whatever it subscribes to, signed and retried like any other. Its first attempt goes out
 * even to a disabled endpoint, so a user can check a fix before re-enabling. The result shows in
 * the delivery log.
 */
export async function testWebhook({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ event: string; delivery: string | null }> {
  const endpoint = await requireEndpoint(ctx, input.id);
  const now = ctx.clock.now();
  const id = newId("evt");
  return ctx.db.transaction(async (tx) => {
    await tx.insert(events).values({ id, workspaceId: ctx.workspace.id, mode: endpoint.mode, type: "webhook.test", data: { webhook: toWebhookView(endpoint) }, createdAt: now });
    const [delivery] = await fanOutEvent(tx, ctx.services.jobs, { id, workspaceId: ctx.workspace.id, mode: endpoint.mode, type: "webhook.test", createdAt: now }, { endpointId: endpoint.id });
    return { event: id, delivery: delivery ?? null };
  });
}
