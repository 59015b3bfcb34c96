import * as v from "valibot";
import { named } from "../../openapi-helpers.js";

/**
 * `thread` on POST /v1/posts (and validate, and the MCP `create_post`): the chain's follow-up
 * items. The post's own `text` and `media` are the chain's first item; `thread[0]` replies to the
 * post, `thread[1]` to `thread[0]`, and so on. Its own file so a schema change elsewhere merges
 * with a line.
 */
const ThreadItem = named(
  "ThreadItem",
  v.strictObject({
    text: v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"), v.maxLength(65_000), v.description("The item's text, checked by the network's rules like a post's.")),
    media: v.pipe(v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^med_[0-9A-Za-z]+$/, "must be a med_ id"))), v.maxLength(35))), v.description("`med_` ids from POST /v1/media.")),
    mediaAlt: v.pipe(v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(2000))), v.maxLength(35))), v.description("Alt text per item of `media`, same order.")),
  }),
  { text: "2/ And here is why it matters." },
);

export const ThreadField = v.pipe(
  v.optional(v.pipe(v.array(ThreadItem), v.minLength(1), v.maxLength(99))),
  v.description(
    "A reply chain published in one call on X, Threads and Bluesky: the follow-up items only. The post itself (`text`, `media`) is the first item; each entry here replies to the one before it. The whole chain is checked before its first item is sent (each item by the network's rules for a post; at most 25 items in all on each of the three). Other networks refuse the target with `thread_unsupported`. Each item is charged a credit like a post; an item that does not go out gives its credit back. A failure mid-chain stops that target's chain (later items `not_sent`); repeating the request with the same Idempotency-Key goes on after the last item that is live, never sending one twice. Drafts, scheduled posts and posts held for approval keep their chain (approval decides the post and its chain as one unit): it is checked again and charged when the post is sent (published, run at its time or approved) (a refused item then refuses its target whole), and runs after the post as a direct one does. PATCH /v1/posts/{id} with `thread` replaces a draft's or a scheduled post's chain whole (checked as at creation; `[]` removes it); on a published post each changed item is refused with `edit_unsupported` (`edit.targets[].items`), as no network with chains lets a live reply change. A chain a crash stopped between items is resumed by the server on its own (after the send timeout), never sending a live item again. `platformOptions` apply to the post, not to the items.",
  ),
);

/** One item of a target's chain in answers: `position` 1 is `thread[0]`. */
export const ThreadItemResultSchema = named(
  "ThreadItemResult",
  v.object({
    position: v.pipe(v.number(), v.description("1 for `thread[0]` (the reply to the post itself), 2 for `thread[1]`, ...")),
    state: v.pipe(
      v.picklist(["pending", "publishing", "processing", "published", "failed", "unknown", "not_sent"]),
      v.description(
        "`not_sent`: an earlier item failed, so the chain stopped before this one (its credit was given back). `unknown`: the call's outcome is not known; a retry with the same Idempotency-Key checks the network before anything is sent again.",
      ),
    ),
    networkPostId: v.nullable(v.string()),
    url: v.nullable(v.string()),
    error: v.nullable(
      v.object({ code: v.string(), message: v.string(), fix: v.nullable(v.string()), retryable: v.boolean(), platform: v.nullable(v.string()), param: v.optional(v.nullable(v.string())) }),
    ),
    publishedAt: v.nullable(v.string()),
    credits: v.pipe(v.number(), v.description("Credits this item cost (1 when published).")),
  }),
  { position: 1, state: "published", networkPostId: "1861234567890123457", url: "https://x.com/ada/status/1861234567890123457", error: null, publishedAt: "2026-11-24T09:00:02.000Z", credits: 1 },
);

export const ThreadResultField = v.pipe(v.optional(v.array(ThreadItemResultSchema)), v.description("The chain's follow-up items (`thread`), in order; only on targets of a post sent with `thread`."));

/** PATCH: the chain that replaces a draft's or scheduled post's (`[]` removes it), or a published chain's items by position. */
export const EditThreadField = v.pipe(
  v.optional(v.pipe(v.array(ThreadItem), v.maxLength(99))),
  v.description(
    "Draft or scheduled post: the new chain, replacing the stored one whole (`[]` removes it), checked as a whole like on create; a scheduled post refuses an item that does not pass. Published post: one entry per item, in order (their number and media cannot change); each item whose text differs is refused with `edit_unsupported` in `edit.targets[].items` (X, Threads and Bluesky cannot change a live reply through their APIs: delete and publish again).",
  ),
);
