import * as v from "valibot";
import { PLATFORM_OPTIONS_COMPONENT } from "../../../openapi/platform-options.js";
import { documentAs, named } from "../../openapi-helpers.js";
import { ThreadResultField } from "./thread-schema.js";
import { FirstCommentObject, targetFirstCommentField } from "./first-comment-schema.js";

const ACCOUNT = "acc_7Hq2xWm9Lr4Tb8Zc";
const published = {
  account: ACCOUNT,
  platform: "bluesky",
  handle: "ada.bsky.social",
  state: "published" as const,
  networkPostId: "at://did:plc:4x7wq2m3ke5yqz6rbnhtsv2d/app.bsky.feed.post/3lbtz4kq2ds2k",
  url: "https://bsky.app/profile/ada.bsky.social/post/3lbtz4kq2ds2k",
  error: null,
  warnings: [],
  publishedAt: "2026-11-24T09:00:01.000Z",
  credits: 1,
  firstComment: {
    state: "posted" as const,
    id: "at://did:plc:4x7wq2m3ke5yqz6rbnhtsv2d/app.bsky.feed.post/3lbtz4kq2ds3m",
    url: "https://bsky.app/profile/ada.bsky.social/post/3lbtz4kq2ds3m",
    media: [],
    error: null,
  },
};

const Issue = v.object({ code: v.string(), param: v.nullable(v.string()), message: v.string(), fix: v.nullable(v.string()) });

export const TargetSchema = named(
  "Target",
  v.object({
    account: v.pipe(v.string(), v.description("`acc_` id of the account.")),
    platform: v.string(),
    handle: v.string(),
    state: v.pipe(
      v.picklist(["pending", "publishing", "processing", "published", "failed", "cancelled", "unknown", "retracted"]),
      v.description(
        "`unknown`: the network call timed out, or the server stopped while sending; Chorus checks the network before any retry (a scheduled post it does not find there is sent again). `retracted`: published, then deleted from the network by POST /v1/posts/{id}/retract (its credit stays spent).",
      ),
    ),
    networkPostId: v.nullable(v.string()),
    url: v.nullable(v.string()),
    error: v.pipe(
      v.nullable(v.object({ code: v.string(), message: v.string(), fix: v.nullable(v.string()), retryable: v.boolean(), platform: v.nullable(v.string()), param: v.optional(v.nullable(v.string())) })),
      v.description("Why the target did not publish; an unrecognised network refusal keeps the network's message and has no fix."),
    ),
    warnings: v.pipe(
      v.array(v.object({ code: v.string(), message: v.string(), fix: v.nullable(v.string()), retryable: v.boolean(), platform: v.nullable(v.string()), param: v.optional(v.nullable(v.string())) })),
      v.description("What went wrong after the post went out, which did not stop it (e.g. `video_thumbnail_not_set`); empty otherwise."),
    ),
    publishedAt: v.nullable(v.string()),
    credits: v.pipe(v.number(), v.description("Credits this target cost (1 when published).")),
    thread: ThreadResultField,
    ...targetFirstCommentField,
  }),
  published,
);

export const ApprovalSchema = named(
  "PostApproval",
  v.object({
    requiredBy: v.pipe(
      v.picklist(["workspace", "profile", "agent"]),
      v.description("The rule that held the post: the workspace's `requireApproval`, its profile's override, or the grant of the agent that proposed it."),
    ),
    proposedBy: v.pipe(v.nullable(v.string()), v.description("The agent (`agt_…`) that proposed the post, or null.")),
    decision: v.pipe(v.nullable(v.picklist(["approved", "rejected"])), v.description("null while it waits.")),
    decidedBy: v.pipe(v.nullable(v.string()), v.description("The API key id that decided, or `approval-link` for a reviewer's signed link.")),
    decidedAt: v.nullable(v.string()),
    reason: v.pipe(v.nullable(v.string()), v.description("The rejection's reason.")),
  }),
  { requiredBy: "agent", proposedBy: "agt_6Ty3Np8Rm2Kc5Wd9Hq1X", decision: "rejected", decidedBy: "key_3Hn8Qw2Lx5Zp9Rt1", decidedAt: "2026-11-24T10:00:00.000Z", reason: "Wrong launch date." },
);

export const PostSchema = named(
  "Post",
  v.object({
    id: v.pipe(v.string(), v.description("`post_…`")),
    state: v.pipe(
      v.picklist(["draft", "scheduled", "processing", "published", "partial", "failed", "cancelled", "retracted", "pending_approval", "rejected"]),
      v.description(
        "Derived from the targets as the spec's transition table says. `retracted`: every target that had published was deleted from its network by POST /v1/posts/{id}/retract. `pending_approval`: an approval rule (the workspace's, the profile's or the agent's grant) holds it until POST /v1/posts/{id}/approve or /reject; nothing is sent or charged before. `rejected`: a person rejected it; its targets are `cancelled`.",
      ),
    ),
    text: v.string(),
    textOverrides: v.record(v.string(), v.string()),
    media: v.array(v.string()),
    mediaAlt: v.array(v.string()),
    mediaOverrides: v.record(v.string(), v.array(v.string())),
    mediaAltOverrides: v.record(v.string(), v.array(v.string())),
    platformOptions: documentAs(v.record(v.string(), v.record(v.string(), v.unknown())), PLATFORM_OPTIONS_COMPONENT),
    profile: v.nullable(v.string()),
    scheduledAt: v.nullable(v.string()),
    timezone: v.nullable(v.string()),
    createdAt: v.string(),
    updatedAt: v.string(),
    publishedAt: v.nullable(v.string()),
    approval: v.pipe(v.nullable(ApprovalSchema), v.description("Set when an approval rule held the post: why, and the decision once made; null otherwise.")),
    series: v.pipe(
      v.nullable(v.string()),
      v.description("`ser_…`: the recurring series this post is an occurrence of (POST /v1/posts with `recurrence`; GET /v1/series/{id}); null for a single post."),
    ),
    firstComment: v.pipe(
      v.nullable(FirstCommentObject),
      v.description("The first comment as asked (POST or PATCH `firstComment`), so an editor can show it; each target's outcome is `targets[].firstComment`. null when none was asked."),
    ),
    thread: v.pipe(
      v.optional(v.array(v.object({ text: v.string(), media: v.array(v.string()), mediaAlt: v.array(v.string()) }))),
      v.description(
        "The chain's follow-up items as asked (POST or PATCH `thread`): what PATCH replaces on a post not yet sent. Absent when the post has none; each target's items and outcomes are `targets[].thread`.",
      ),
    ),
    targets: v.array(TargetSchema),
  }),
  {
    id: "post_9QmT4vXc2Lp8Rk6W",
    state: "published",
    text: "Hello from Chorus!",
    textOverrides: {},
    media: ["med_5Fz8Kq1Wn3Ys7Hd2"],
    mediaAlt: ["A robin on a fence"],
    mediaOverrides: {},
    mediaAltOverrides: {},
    platformOptions: { bluesky: { langs: ["en"] } },
    profile: "ada",
    scheduledAt: null,
    timezone: null,
    createdAt: "2026-11-24T09:00:00.000Z",
    updatedAt: "2026-11-24T09:00:01.000Z",
    publishedAt: "2026-11-24T09:00:01.000Z",
    approval: null,
    series: null,
    firstComment: null,
    targets: [published],
  },
);

export const PostListSchema = named("PostList", v.object({ items: v.array(PostSchema), cursor: v.nullable(v.string()) }));

export const DeletePostResultSchema = named("DeletePostResult", v.object({ id: v.string(), cancelled: v.boolean(), deleted: v.boolean() }), {
  id: "post_9QmT4vXc2Lp8Rk6W",
  cancelled: true,
  deleted: false,
});

export const ValidationReportSchema = named(
  "ValidationReport",
  v.object({
    valid: v.pipe(v.boolean(), v.description("True when no target has a blocking error.")),
    targets: v.array(v.object({ account: v.string(), platform: v.string(), handle: v.string(), errors: v.array(Issue), warnings: v.array(Issue) })),
  }),
  {
    valid: false,
    targets: [
      {
        account: ACCOUNT,
        platform: "bluesky",
        handle: "ada.bsky.social",
        errors: [
          {
            code: "text_too_long",
            param: "text",
            message: "The text is 312 graphemes; Bluesky allows 300.",
            fix: "Shorten `text` to 300 graphemes, or set `textOverrides.bluesky`.",
          },
        ],
        warnings: [],
      },
    ],
  },
);

export const RetractSchema = named(
  "RetractResult",
  v.object({
    post: PostSchema,
    targets: v.array(
      v.object({
        account: v.string(),
        platform: v.string(),
        handle: v.string(),
        networkPostId: v.nullable(v.string()),
        result: v.pipe(
          v.picklist(["retracted", "unsupported", "failed", "not_published"]),
          v.description(
            "`retracted`: deleted from the network (now or by an earlier retract). `unsupported`: the network allows no deletion through its API (`delete_unsupported`); the post stays up there. `failed`: the network refused or failed; the target stays published and `error.retryable` says whether retracting again can work. `not_published`: the target never went out.",
          ),
        ),
        error: v.nullable(
          v.object({ code: v.string(), message: v.string(), fix: v.nullable(v.string()), retryable: v.boolean(), platform: v.nullable(v.string()), param: v.optional(v.nullable(v.string())) }),
        ),
      }),
    ),
  }),
);
