import * as v from "valibot";
import { listAccountPosts, listFollowers, listFollowing, listProfilePosts, lookupPublicProfile, searchCreators } from "../../domain/insights/index.js";
import { AccountPostListSchema, SocialActorListSchema } from "../../routes/v1/account-reads/schema.js";
import { CreatorsQuery, HandleParam, ProfileQuery } from "../../routes/v1/discover/query-schema.js";
import { CreatorListSchema, DiscoveredPostListSchema, PublicProfileSchema } from "../../routes/v1/discover/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idArgument, pageArguments } from "./list-arguments.js";

/** Reads the networks answer live: never idempotent in the sense of the same answer twice. */
const liveRead = { ...readOnly, idempotentHint: false, openWorldHint: true };
const accountArgument = { id: idArgument("The connected account's `acc_…` id.") };

/** Public people and posts on the networks, and a connected account's own timeline and audience. */
export const discoveryTools = [
  defineTool({
    name: "get_public_profile",
    action: "read",
    title: "Look up a public profile",
    description: "A person's public profile on the network of `account` (GET /v1/discover/profiles/{handle}): name, bio, counts where the network gives them.",
    input: v.strictObject({ ...HandleParam.entries, ...ProfileQuery.entries }),
    output: PublicProfileSchema,
    annotations: liveRead,
    run: async ({ ctx }, input) => lookupPublicProfile({ ctx, input }),
  }),
  defineTool({
    name: "list_profile_posts",
    action: "read",
    title: "A public profile's posts",
    description: "A person's recent public posts, read through `account` (GET /v1/discover/profiles/{handle}/posts).",
    input: v.strictObject({ ...HandleParam.entries, account: ProfileQuery.entries.account, ...pageArguments }),
    output: DiscoveredPostListSchema,
    annotations: liveRead,
    run: async ({ ctx }, input) => listProfilePosts({ ctx, input }),
  }),
  defineTool({
    name: "discover_creators",
    action: "read",
    title: "Find creators",
    description: "Creators matching `q` and `countries`, through a Facebook page or an Instagram account connected through Facebook Login (GET /v1/discover/creators).",
    input: v.strictObject({
      account: CreatorsQuery.entries.account,
      q: CreatorsQuery.entries.q,
      countries: CreatorsQuery.entries.countries,
      limit: v.pipe(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 50), v.description("Page size, 1 to 50; default 50.")),
      cursor: pageArguments.cursor,
    }),
    output: CreatorListSchema,
    annotations: liveRead,
    run: async ({ ctx }, input) => searchCreators({ ctx, input }),
  }),
  defineTool({
    name: "list_account_posts",
    action: "read",
    title: "An account's own timeline",
    description: "The connected account's posts as its network lists them, including those not made through Chorus (GET /v1/social-accounts/{id}/posts).",
    input: v.strictObject({ ...accountArgument, ...pageArguments }),
    output: AccountPostListSchema,
    annotations: liveRead,
    run: async ({ ctx }, input) => listAccountPosts({ ctx, input }),
  }),
  defineTool({
    name: "list_followers",
    action: "read",
    title: "An account's followers",
    description: "Who follows the connected account, where its network lists them (GET /v1/social-accounts/{id}/followers); otherwise a `problems` entry.",
    input: v.strictObject({ ...accountArgument, ...pageArguments }),
    output: SocialActorListSchema,
    annotations: liveRead,
    run: async ({ ctx }, input) => listFollowers({ ctx, input }),
  }),
  defineTool({
    name: "list_following",
    action: "read",
    title: "Whom an account follows",
    description: "Whom the connected account follows, where its network lists them (GET /v1/social-accounts/{id}/following).",
    input: v.strictObject({ ...accountArgument, ...pageArguments }),
    output: SocialActorListSchema,
    annotations: liveRead,
    run: async ({ ctx }, input) => listFollowing({ ctx, input }),
  }),
];
