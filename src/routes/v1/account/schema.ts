import * as v from "valibot";

const Details = v.record(v.string(), v.nullable(v.union([v.string(), v.number(), v.boolean()])));

export const AuditEventSchema = v.object({
  id: v.string(),
  type: v.pipe(
    v.string(),
    v.description("`workspace.created`, `key.created`, `key.revoked`, `dashboard.login`, `account.connected`, `account.disconnected`, `credentials.changed`, `agent.nickname_changed`, `plan.changed`, `credits.granted`, `email_preferences.changed`."),
  ),
  actor: v.pipe(v.string(), v.description("The key id (`agt_…`) that acted, or `operator` for the command line.")),
  details: Details,
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
});

export const AuditListSchema = v.object({ items: v.array(AuditEventSchema), cursor: v.pipe(v.null(), v.description("Always null: the audit read returns at most the 100 newest events.")) });

export const AuditQuery = v.strictObject({
  limit: v.pipe(v.optional(v.string(), "100"), v.regex(/^\d+$/, "must be a whole number"), v.transform(Number), v.minValue(1), v.maxValue(100)),
});

export const ExportSchema = v.object({
  account: v.object({ id: v.string(), email: v.string(), name: v.string(), plan: v.string() }),
  profiles: v.array(v.object({ id: v.string(), username: v.string(), createdAt: v.string() })),
  socialAccounts: v.array(
    v.object({
      id: v.string(),
      platform: v.string(),
      handle: v.string(),
      displayName: v.nullable(v.string()),
      profileId: v.nullable(v.string()),
      status: v.string(),
      mode: v.string(),
      connectVariant: v.nullable(v.string()),
      connectedAt: v.string(),
    }),
  ),
  posts: v.array(v.looseObject({ id: v.string(), state: v.string(), targets: v.array(v.looseObject({ account: v.string() })) })),
  auditLog: v.array(AuditEventSchema),
  exportedAt: v.pipe(v.string(), v.isoTimestamp()),
});
