import { auditEvents } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { newId } from "../../../infra/ids.js";

export const auditEventTypes = [
  "workspace.created",
  "key.created",
  "key.revoked",
  "dashboard.login",
  "account.connected",
  "account.disconnected",
  "credentials.changed",
  "agent.nickname_changed",
  "plan.changed",
  "credits.granted",
  "credits.reset",
  "email_preferences.changed",
  "post.retracted",
  "live.credentials_revealed",
  "webhook.disabled",
  "agent.approved",
  "agent.revoked",
  "agent.grant_changed",
  "agent.write",
  "approval.settings_changed",
  "post.approved",
  "post.rejected",
  "series.paused",
  "series.resumed",
  "series.cancelled",
] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

export async function recordAuditEvent(
  db: Queryable,
  input: { workspaceId: string; type: AuditEventType; actor: string; details?: Record<string, string | number | boolean | null>; at: Date },
): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId("aud"),
    workspaceId: input.workspaceId,
    type: input.type,
    actor: input.actor,
    details: input.details ?? {},
    createdAt: input.at,
  });
}
