import * as v from "valibot";

const Issue = v.object({ code: v.string(), param: v.nullable(v.string()), message: v.string(), fix: v.nullable(v.string()) });

export const TargetSchema = v.object({
  account: v.pipe(v.string(), v.description("`acc_` id of the account.")),
  platform: v.string(),
  handle: v.string(),
  state: v.pipe(
    v.picklist(["pending", "publishing", "processing", "published", "failed", "cancelled", "unknown"]),
    v.description("`unknown`: the network call timed out; Chorus checks the network before any retry."),
  ),
  networkPostId: v.nullable(v.string()),
  url: v.nullable(v.string()),
  error: v.pipe(
    v.nullable(v.object({ code: v.string(), message: v.string(), fix: v.nullable(v.string()), retryable: v.boolean(), platform: v.nullable(v.string()), param: v.optional(v.nullable(v.string())) })),
    v.description("Why the target did not publish; an unrecognised network refusal keeps the network's message and has no fix."),
  ),
  publishedAt: v.nullable(v.string()),
  credits: v.pipe(v.number(), v.description("Credits this target cost (1 when published).")),
});

export const PostSchema = v.object({
  id: v.pipe(v.string(), v.description("`post_…`")),
  state: v.pipe(v.picklist(["draft", "scheduled", "processing", "published", "partial", "failed", "cancelled"]), v.description("Derived from the targets as the spec's transition table says.")),
  text: v.string(),
  textOverrides: v.record(v.string(), v.string()),
  media: v.array(v.string()),
  mediaAlt: v.array(v.string()),
  mediaOverrides: v.record(v.string(), v.array(v.string())),
  mediaAltOverrides: v.record(v.string(), v.array(v.string())),
  platformOptions: v.record(v.string(), v.record(v.string(), v.unknown())),
  profile: v.nullable(v.string()),
  scheduledAt: v.nullable(v.string()),
  timezone: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  publishedAt: v.nullable(v.string()),
  targets: v.array(TargetSchema),
});

export const ValidationReportSchema = v.object({
  valid: v.pipe(v.boolean(), v.description("True when no target has a blocking error.")),
  targets: v.array(v.object({ account: v.string(), platform: v.string(), handle: v.string(), errors: v.array(Issue), warnings: v.array(Issue) })),
});
