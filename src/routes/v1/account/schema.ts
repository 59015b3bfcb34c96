import * as v from "valibot";
import { limitQuery, named } from "../../openapi-helpers.js";

const Details = v.record(v.string(), v.nullable(v.union([v.string(), v.number(), v.boolean()])));

export const AuditEventSchema = named(
  "AuditEvent",
  v.object({
    id: v.string(),
    type: v.pipe(
      v.string(),
      v.description(
        "`workspace.created`, `key.created`, `key.revoked`, `dashboard.login`, `account.connected`, `account.disconnected`, `credentials.changed`, `agent.nickname_changed`, `plan.changed`, `credits.granted`, `email_preferences.changed`.",
      ),
    ),
    actor: v.pipe(v.string(), v.description("The key id (`agt_…`) that acted, or `operator` for the command line.")),
    details: Details,
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
  }),
  { id: "aud_8Wc2Rn5Tz1Lq7Hm3", type: "account.connected", actor: "agt_6Ty3Np8Rm2Kc5Wd9", details: { platform: "bluesky", account: "acc_7Hq2xWm9Lr4Tb8Zc" }, createdAt: "2026-11-24T09:00:00.000Z" },
);

export const AuditListSchema = named(
  "AuditEventList",
  v.object({ items: v.array(AuditEventSchema), cursor: v.pipe(v.null(), v.description("Always null: the audit read returns at most the 100 newest events.")) }),
);

export const AuditQuery = v.strictObject({
  limit: limitQuery(100, 100),
});

export const ExportSchema = named(
  "AccountExport",
  v.object({
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
  }),
);
