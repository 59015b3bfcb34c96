import * as v from "valibot";
import { discoveredMediaTypes } from "../../../networks/facets/discover.js";
import { platformIds } from "../../../networks/registry.js";
import { named } from "../../openapi-helpers.js";
import { ReadProblemSchema } from "../notifications/schema.js";

const Platform = v.picklist(platformIds);
const count = (what: string) => v.pipe(v.nullable(v.number()), v.description(`${what}; null where the network does not publish it (null is not zero).`));

const DiscoveredAuthorSchema = named(
  "DiscoveredAuthor",
  v.object({
    id: v.pipe(v.string(), v.description("The network's own user id (a DID on Bluesky).")),
    handle: v.string(),
    displayName: v.nullable(v.string()),
    avatarUrl: v.nullable(v.string()),
    url: v.nullable(v.string()),
    platform: Platform,
  }),
);

export const DiscoveredPostSchema = named(
  "DiscoveredPost",
  v.object({
    id: v.pipe(v.string(), v.description("The network's own post id (a record URI on Bluesky).")),
    account: v.pipe(v.string(), v.description("`acc_…` whose connection found it.")),
    platform: Platform,
    url: v.nullable(v.string()),
    text: v.nullable(v.string()),
    author: v.pipe(v.nullable(DiscoveredAuthorSchema), v.description("Who wrote it; null when `authorHidden`.")),
    authorHidden: v.pipe(v.boolean(), v.description("True where the network does not say who wrote it (Instagram hashtag search): such results never name their author.")),
    mediaType: v.picklist(discoveredMediaTypes),
    createdAt: v.pipe(v.string(), v.description("ISO 8601 UTC.")),
    likeCount: count("Likes"),
    replyCount: count("Replies or comments"),
    repostCount: count("Reposts"),
  }),
  {
    id: "at://did:plc:4q2vbgg7ftuvbsx6eau3p2zj/app.bsky.feed.post/3lbx7kd2nxs2a",
    account: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "bluesky",
    url: "https://bsky.app/profile/alice.bsky.social/post/3lbx7kd2nxs2a",
    text: "Sourdough day #baking",
    author: { id: "did:plc:4q2vbgg7ftuvbsx6eau3p2zj", handle: "alice.bsky.social", displayName: "Alice", avatarUrl: null, url: "https://bsky.app/profile/alice.bsky.social", platform: "bluesky" },
    authorHidden: false,
    mediaType: "text",
    createdAt: "2026-11-20T09:30:00.000Z",
    likeCount: 12,
    replyCount: 3,
    repostCount: 1,
  },
);

export const DiscoveredPostListSchema = named(
  "DiscoveredPostList",
  v.object({
    items: v.array(DiscoveredPostSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description("Opaque; null at the end. Holds a position per network.")),
    problems: v.pipe(v.array(ReadProblemSchema), v.description("Every account that could not search (or read) for this page, and why.")),
  }),
);

export const PublicProfileSchema = named(
  "PublicProfile",
  v.object({
    id: v.pipe(v.string(), v.description("The network's own id: a user id, a LinkedIn organization URN, or the username on Threads, whose profile lookup answers no id.")),
    account: v.pipe(v.string(), v.description("`acc_…` whose connection looked it up.")),
    platform: Platform,
    handle: v.string(),
    displayName: v.nullable(v.string()),
    bio: v.nullable(v.string()),
    avatarUrl: v.nullable(v.string()),
    url: v.nullable(v.string()),
    website: v.nullable(v.string()),
    verified: v.pipe(v.nullable(v.boolean()), v.description("The network's verification mark; null where it publishes none.")),
    followersCount: count("Followers"),
    followingCount: count("Accounts followed"),
    postsCount: count("Posts"),
  }),
  {
    id: "2244994945",
    account: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "twitter",
    handle: "XDevelopers",
    displayName: "Developers",
    bio: "The voice of the X Dev team",
    avatarUrl: null,
    url: "https://x.com/XDevelopers",
    website: null,
    verified: true,
    followersCount: 570000,
    followingCount: 2000,
    postsCount: 3800,
  },
);

export const CreatorSchema = named(
  "Creator",
  v.object({
    id: v.string(),
    handle: v.string(),
    displayName: v.nullable(v.string()),
    avatarUrl: v.nullable(v.string()),
    bio: v.nullable(v.string()),
    country: v.nullable(v.string()),
    categories: v.array(v.string()),
    portfolioUrl: v.pipe(v.nullable(v.string()), v.description("A link to the creator's work; null for test results.")),
    platforms: v.array(Platform),
    verified: v.nullable(v.boolean()),
    hasBrandPartnershipExperience: v.nullable(v.boolean()),
    followsBrand: v.nullable(v.boolean()),
    sample: v.pipe(v.boolean(), v.description("True means test data: never use it for outreach.")),
  }),
  {
    id: "17841400000000001",
    handle: "sample_creator_1",
    displayName: "Sample Creator",
    avatarUrl: null,
    bio: "Test data from the creator marketplace.",
    country: "US",
    categories: ["FOOD_AND_DRINK"],
    portfolioUrl: null,
    platforms: ["instagram"],
    verified: false,
    hasBrandPartnershipExperience: true,
    followsBrand: null,
    sample: true,
  },
);

export const CreatorListSchema = named(
  "CreatorList",
  v.object({
    items: v.array(CreatorSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description("Opaque; null at the end.")),
    platform: Platform,
  }),
);

export const PlaceSchema = named(
  "Place",
  v.object({
    id: v.pipe(v.string(), v.description("Goes in `platformOptions.<platform>.locationId`; works only on this network.")),
    name: v.string(),
    address: v.nullable(v.string()),
    city: v.nullable(v.string()),
    country: v.nullable(v.string()),
    latitude: v.nullable(v.number()),
    longitude: v.nullable(v.number()),
  }),
  { id: "110843418940484", name: "Eiffel Tower", address: "Champ de Mars, 5 Avenue Anatole France", city: "Paris", country: "France", latitude: 48.8584, longitude: 2.2945 },
);

export const PlaceListSchema = named("PlaceList", v.object({ items: v.array(PlaceSchema), platform: Platform }));
