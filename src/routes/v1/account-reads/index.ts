import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { listAccountPosts, listFollowers, listFollowing } from "../../../domain/insights/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, jsonResponse, security } from "../../openapi-helpers.js";
import { AccountIdParam } from "../social-accounts/schema.js";
import { AccountPostListSchema, AccountReadQuery, SocialActorListSchema } from "./schema.js";

const tags = ["Social accounts"];
const errors = errorResponses(["account_unknown", "cursor_invalid"]);

/** The account's own posts, followers and following, read live from its network. */
export const accountReadRoutes = new Hono<AppEnv>()
  .get(
    "/social-accounts/:id/posts",
    describeRoute({
      operationId: "listAccountPosts",
      tags,
      summary: "The account's posts, read live from the network",
      description:
        "Newest first, including posts made outside Chorus; each carries its Chorus `post_` id when Chorus published it. Differs from GET /v1/posts, which lists what Chorus published. What each network lists: a Facebook account's pages' posts (every page it manages, merged); Instagram's feed media and reels (not stories); Threads' own threads (not replies); TikTok's public videos that passed moderation (not drafts or private videos); Pinterest's Pins (`pin`, or `repin` for saves of others' Pins); a LinkedIn connection's company pages' posts (a member's own posts need a permission LinkedIn grants only to partners, so a member without a company page answers a `problems` entry `capability_unsupported`); a Google Business Profile's local posts on every location (not those Google rejected). Networks without the read (GET /v1/platforms: `posts` in `reads`), a connection to renew, or a network that failed or timed out answer 200 with a `problems` entry, never a silent empty list.",
      security,
      responses: { 200: jsonResponse(AccountPostListSchema, "A page of the account's posts."), ...errors },
    }),
    validate("param", AccountIdParam),
    validate("query", AccountReadQuery),
    async (c) => c.json(await listAccountPosts({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), ...c.req.valid("query") } })),
  )
  .get(
    "/social-accounts/:id/followers",
    describeRoute({
      operationId: "listAccountFollowers",
      tags,
      summary: "People who follow the account",
      description:
        "Social actors in the network's own order (newest follower first where it keeps one). Networks whose API has no followers list (Facebook, Instagram, Threads, TikTok, LinkedIn, Google Business: counts only) answer a `problems` entry `capability_unsupported`.",
      security,
      responses: { 200: jsonResponse(SocialActorListSchema, "A page of followers."), ...errors },
    }),
    validate("param", AccountIdParam),
    validate("query", AccountReadQuery),
    async (c) => c.json(await listFollowers({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), ...c.req.valid("query") } })),
  )
  .get(
    "/social-accounts/:id/following",
    describeRoute({
      operationId: "listAccountFollowing",
      tags,
      summary: "People the account follows",
      description: "Social actors in the network's own order. Networks without the read answer a `problems` entry `capability_unsupported`.",
      security,
      responses: { 200: jsonResponse(SocialActorListSchema, "A page of the accounts followed."), ...errors },
    }),
    validate("param", AccountIdParam),
    validate("query", AccountReadQuery),
    async (c) => c.json(await listFollowing({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), ...c.req.valid("query") } })),
  );
