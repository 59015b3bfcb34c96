import * as v from "valibot";
import { engage } from "../../domain/inbox/index.js";
import { searchPosts } from "../../domain/insights/index.js";
import { DiscoverPostsQuery } from "../../routes/v1/discover/query-schema.js";
import { DiscoveredPostListSchema } from "../../routes/v1/discover/schema.js";
import { EngagementBody, EngagementResultSchema } from "../../routes/v1/engagements/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { pageArguments } from "./list-arguments.js";

export const engagementTools = [
  defineTool({
    name: "engage",
    action: "engage",
    title: "Like, repost, follow, block, mute, bookmark or save, and undo",
    description:
      "One account acts on a post or a person on its network (POST /v1/engagements). Free. Only actions the account's network offers through its API (`engagements` in `list_platforms`); any other is `action_unsupported`, whose `fix` names the ones it has. Repeating an action changes nothing and answers the same.",
    input: EngagementBody,
    output: EngagementResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ ctx }, input) => engage({ ctx, input }),
  }),
  defineTool({
    name: "discover_posts",
    action: "read",
    title: "Search public posts",
    description:
      "One search on every connected account whose network has post search, or on `account` (GET /v1/discover/posts), merged by time. Networks without search, and searches a network's rules refuse (Instagram: one hashtag, 30 hashtags a week), are `problems` entries.",
    input: v.strictObject({ ...DiscoverPostsQuery.entries, ...pageArguments }),
    output: DiscoveredPostListSchema,
    annotations: { ...readOnly, idempotentHint: false, openWorldHint: true },
    run: async ({ ctx }, input) => searchPosts({ ctx, input }),
  }),
];
