import type { Hono } from "hono";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { simulateTwitterFollow } from "./engagement.js";
import { invalidRequest } from "./media.js";
import { threadPostObject } from "./post-listing.js";
import { conversationOf, type SandboxPost } from "./state.js";
import { userObjects } from "./users.js";
import { authenticate, rateHeaders, snowflakeId } from "./wire.js";

/**
 * The mentions timeline of the simulated X (`GET /2/users/{id}/mentions`): every post of any
 * simulated person that names the account (`@handle`) or answers one of its posts, newest first,
 * paged by `pagination_token` and bounded by `since_id`, with the `post.fields`, `expansions=author_id` and `user.fields`
 * the adapter asks for. Simulated people write those posts through `simulateTwitterActivity`.
 */

/** The `post.fields` values the simulator serves (X's enum has more); author, reply and references come by `expansions`. */
const POST_FIELDS = ["created_at", "conversation_id", "lang", "text", "id"];
const EXPANSIONS = ["author_id", "in_reply_to_user_id", "referenced_posts"];
const DEFAULT_ACTOR = "sandbox_friend";

const mentions = (post: SandboxPost, account: SandboxAccount) =>
  post.authorId !== account.id && (post.replyTo?.authorId === account.id || new RegExp(`(^|[^A-Za-z0-9_])@${account.handle}\\b`, "i").test(post.text));

const newestFirst = (a: SandboxPost, b: SandboxPost) => (a.createdAt === b.createdAt ? (BigInt(a.id) < BigInt(b.id) ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

export function mountMentionRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/2/users/:id/mentions", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "users.read"]);
    if (auth instanceof Response) return auth;
    const id = c.req.param("id");
    if (!/^[0-9]{1,19}$/.test(id)) return invalidRequest(c, `The \`id\` query parameter value [${id}] does not match ^[0-9]{1,19}$`);
    const max = Number(c.req.query("max_results") ?? "10");
    if (!Number.isInteger(max) || max < 5 || max > 100) return invalidRequest(c, `The \`max_results\` query parameter value [${c.req.query("max_results") ?? ""}] is not between 5 and 100`);
    const fields = (c.req.query("post.fields") ?? "").split(",").filter(Boolean);
    const unknownField = fields.find((f) => !POST_FIELDS.includes(f));
    if (unknownField) return invalidRequest(c, `The \`post.fields\` query parameter value [${unknownField}] is not one of [${POST_FIELDS.join(",")}]`);
    const account = (await deps.store.get<SandboxAccount>("twitter", "account", id))?.data;
    if (!account)
      return c.json({
        errors: [
          {
            value: id,
            detail: `Could not find user with id: [${id}].`,
            title: "Not Found Error",
            resource_type: "user",
            parameter: "id",
            resource_id: id,
            type: "https://api.x.com/2/problems/resource-not-found",
          },
        ],
      });
    // `since_id`: only posts with a greater (newer) id than the one named.
    const since = c.req.query("since_id");
    if (since !== undefined && !/^[0-9]{1,19}$/.test(since)) return invalidRequest(c, `The \`since_id\` query parameter value [${since}] does not match ^[0-9]{1,19}$`);
    const all = (await deps.store.list<SandboxPost>("twitter", "post"))
      .map((r) => r.data)
      .filter((p) => !p.deleted && mentions(p, account) && (since === undefined || BigInt(p.id) > BigInt(since)))
      .sort(newestFirst);
    const token = c.req.query("pagination_token");
    const start = token ? all.findIndex((p) => p.id === token) : 0;
    if (start < 0) return invalidRequest(c, `The \`pagination_token\` query parameter value [${token ?? ""}] is not valid`);
    const page = all.slice(start, start + max);
    const next = all[start + max];
    const expansions = (c.req.query("expansions") ?? "").split(",").filter(Boolean);
    const unknownExpansion = expansions.find((e) => !EXPANSIONS.includes(e));
    if (unknownExpansion) return invalidRequest(c, `The \`expansions\` query parameter value [${unknownExpansion}] is not one of [${EXPANSIONS.join(",")}]`);
    const expand = expansions.includes("author_id");
    const userFields = (c.req.query("user.fields") ?? "").split(",");
    const authors = new Map<string, SandboxAccount>();
    for (const post of page) {
      const author = (await deps.store.get<SandboxAccount>("twitter", "account", post.authorId))?.data;
      if (author) authors.set(author.id, author);
    }
    const data = await Promise.all(
      page.map(async (post) => {
        const asked: Record<string, unknown> = { created_at: post.createdAt, conversation_id: conversationOf(post), lang: "en" };
        return threadPostObject(post, asked, fields, expansions);
      }),
    );
    const users = await userObjects(deps, [...authors.values()], userFields);
    const first = page[0];
    const last = page.at(-1);
    return c.json(
      {
        ...(page.length > 0 ? { data } : {}),
        ...(expand && users.length > 0 ? { includes: { users } } : {}),
        meta: { result_count: page.length, ...(first && last ? { newest_id: first.id, oldest_id: last.id } : {}), ...(next ? { next_token: next.id } : {}) },
      },
      200,
      rateHeaders(deps, 179),
    );
  });
}

/**
 * A simulated person posts a mention of the account or a reply to one of its posts, or follows it
 * (which X's API shows only in the follower list); X raises no other notification through its API.
 */
export async function simulateTwitterActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "mention" && input.action !== "reply" && input.action !== "follow") return { ok: false, reason: "action_unsupported" };
  const recipient = (await deps.store.get<SandboxAccount>("twitter", "account", input.recipientId))?.data;
  if (!recipient) return { ok: false, reason: "subject_unknown" };
  if (input.action === "follow") {
    const follower = await seed(input.actorHandle ?? DEFAULT_ACTOR);
    await simulateTwitterFollow(deps, follower.id, recipient.id);
    return { ok: true, actor: follower, networkId: follower.id };
  }
  let replyTo: SandboxPost["replyTo"];
  let conversationId: string | undefined;
  if (input.action === "reply") {
    if (!input.subject) return { ok: false, reason: "subject_required" };
    const post = (await deps.store.get<SandboxPost>("twitter", "post", input.subject))?.data;
    if (!post || post.deleted || post.authorId !== recipient.id) return { ok: false, reason: "subject_unknown" };
    replyTo = { id: post.id, authorId: recipient.id };
    conversationId = conversationOf(post);
  }
  const actor = await seed(input.actorHandle ?? DEFAULT_ACTOR);
  const text = `@${recipient.handle} ${input.text ?? (input.action === "reply" ? "Nice post! (a simulated reply from the Chorus sandbox)" : "says hello (a simulated mention from the Chorus sandbox)")}`;
  const post: SandboxPost = {
    id: snowflakeId(deps.now()),
    authorId: actor.id,
    text,
    createdAt: deps.now().toISOString(),
    mediaIds: [],
    deleted: false,
    ...(replyTo ? { replyTo, conversationId } : {}),
  };
  await deps.store.put("twitter", "post", post.id, post, actor.id);
  return { ok: true, actor, networkId: post.id };
}
