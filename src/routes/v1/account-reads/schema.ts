import * as v from "valibot";
import { platformIds } from "../../../networks/registry.js";
import { cursorQuery, limitQuery, named } from "../../openapi-helpers.js";
import { ReadProblemSchema, SocialActorSchema } from "../notifications/schema.js";

export const AccountReadQuery = v.strictObject({ cursor: cursorQuery, limit: limitQuery() });

const problems = v.pipe(
  v.array(ReadProblemSchema),
  v.description(
    "Why the account could not be read for this page, when it could not: the network has no such read (`capability_unsupported`), the connection must be renewed (`needs_reauth`), or the network failed or timed out (`platform_unavailable`, `retryable`). Empty `items` with no problem means there is nothing to list.",
  ),
);
const cursor = v.pipe(v.nullable(v.string()), v.description("Opaque; pass it back as `cursor` for the next page. Null at the end."));

export const AccountPostSchema = named(
  "AccountPost",
  v.object({
    id: v.pipe(v.string(), v.description("The network's post id (an `at://` URI on Bluesky), the same value as a Chorus target's `networkPostId`.")),
    postId: v.pipe(v.nullable(v.string()), v.description("The Chorus `post_` id when the post was published through Chorus; null for posts made elsewhere.")),
    account: v.string(),
    platform: v.picklist(platformIds),
    url: v.nullable(v.string()),
    text: v.nullable(v.string()),
    createdAt: v.pipe(v.string(), v.description("ISO 8601 UTC, when the network says the post was made.")),
    kind: v.pipe(
      v.string(),
      v.description(
        "`post`, or the network's kind: `video` (YouTube, TikTok, Facebook and Instagram videos), `reel` (Instagram), `repost` (Threads), `pin` or `repin` (Pinterest), `event`, `offer` or `alert` (Google Business local posts).",
      ),
    ),
  }),
  {
    id: "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbyzq2v7a22k",
    postId: "post_4Xk9qLm2Tz8Rw1Vb",
    account: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "bluesky",
    url: "https://bsky.app/profile/alice.bsky.social/post/3lbyzq2v7a22k",
    text: "Spring menu is live",
    createdAt: "2026-11-20T09:30:00.000Z",
    kind: "post",
  },
);

export const AccountPostListSchema = named("AccountPostList", v.object({ items: v.array(AccountPostSchema), cursor, platform: v.picklist(platformIds), problems }));

export const SocialActorListSchema = named("SocialActorList", v.object({ items: v.array(SocialActorSchema), cursor, platform: v.picklist(platformIds), problems }));
