import type { Hono } from "hono";
import { BLUESKY_METHODS, BLUESKY_POST_COLLECTION, BLUESKY_THREADGATE_COLLECTION } from "../../networks/bluesky/capabilities.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accountFault, authenticate, PLATFORM, scopeFault } from "./accounts.js";
import type { StoredRecord } from "./repo.js";
import { xrpcError } from "./wire.js";
import { isRecord } from "../../types/is-record.js";

/**
 * `app.bsky.feed.getPostThread` as the AppView answers it through the PDS: the post as a
 * `threadViewPost` and, down to `depth` levels (default 6, at most 1000), its replies, which are
 * every post record in any simulated repository whose `reply.parent` is that post. Counts are
 * the records that point at a post (likes, reposts, replies, quotes). A post that does not exist
 * is 400 `NotFound` "Post not found: <uri>". Beside the thread comes the `threadgate` of the
 * thread's root (same repository and record key as the root post), as the AppView's
 * getPostThread presentation adds it: that is where hidden replies are reported, while the
 * replies themselves are still listed (bsky 0.0.221, api/app/bsky/feed/getPostThread).
 */

const POST_URI = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/;

interface Indexed {
  uri: string;
  author: string;
  record: StoredRecord;
}

const subjectUri = (value: Record<string, unknown>) => (isRecord(value.subject) && typeof value.subject.uri === "string" ? value.subject.uri : null);
const parentUri = (value: Record<string, unknown>) => (isRecord(value.reply) && isRecord(value.reply.parent) && typeof value.reply.parent.uri === "string" ? value.reply.parent.uri : null);

async function worldIndex(deps: SimulatorDeps): Promise<Indexed[]> {
  return (await deps.store.list<StoredRecord>(PLATFORM, "record")).map((r) => {
    const [did = "", ...rest] = r.id.split("/");
    return { uri: `at://${did}/${rest.join("/")}`, author: did, record: r.data };
  });
}

export function mountThreadRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get(`/xrpc/${BLUESKY_METHODS.getPostThread}`, async (c) => {
    const auth = await authenticate(c, deps, "access");
    if (!auth.ok) return auth.response;
    const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
    if (fault) return fault;
    const uri = c.req.query("uri");
    if (!uri) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "uri"');
    if (!/^at:\/\//.test(uri)) return xrpcError(c, 400, "InvalidRequest", "uri must be a valid at-uri");
    const depth = Number(c.req.query("depth") ?? "6");
    if (!Number.isInteger(depth) || depth < 0 || depth > 1000) return xrpcError(c, 400, "InvalidRequest", "depth must be an integer between 0 and 1000");
    const world = await worldIndex(deps);
    const posts = new Map(world.filter((r) => r.record.value.$type === BLUESKY_POST_COLLECTION).map((r) => [r.uri, r]));
    const root = POST_URI.test(uri) ? posts.get(uri) : undefined;
    if (!root) return xrpcError(c, 400, "NotFound", `Post not found: ${uri}`);
    const authors = new Map<string, SandboxAccount | null>();
    const authorOf = async (did: string) => {
      if (!authors.has(did)) authors.set(did, (await deps.store.get<SandboxAccount>(PLATFORM, "account", did))?.data ?? null);
      return authors.get(did) ?? null;
    };
    const count = (collection: string, target: string) => world.filter((r) => r.record.value.$type === collection && subjectUri(r.record.value) === target).length;
    const repliesTo = (target: string) => [...posts.values()].filter((p) => parentUri(p.record.value) === target);
    const view = async (post: Indexed) => {
      const author = await authorOf(post.author);
      return {
        uri: post.uri,
        cid: post.record.cid,
        author: {
          did: post.author,
          handle: author?.handle ?? "handle.invalid",
          ...(author?.displayName ? { displayName: author.displayName } : {}),
          ...(author?.avatarUrl ? { avatar: author.avatarUrl } : {}),
          labels: [],
        },
        record: post.record.value,
        replyCount: repliesTo(post.uri).length,
        repostCount: count("app.bsky.feed.repost", post.uri),
        likeCount: count("app.bsky.feed.like", post.uri),
        quoteCount: 0,
        indexedAt: typeof post.record.value.createdAt === "string" ? post.record.value.createdAt : new Date(0).toISOString(),
        labels: [],
      };
    };
    const node = async (post: Indexed, levels: number): Promise<Record<string, unknown>> => ({
      $type: "app.bsky.feed.defs#threadViewPost",
      post: await view(post),
      ...(levels > 0 ? { replies: await Promise.all(repliesTo(post.uri).map((reply) => node(reply, levels - 1))) } : {}),
    });
    const rootUri = isRecord(root.record.value.reply) && isRecord(root.record.value.reply.root) && typeof root.record.value.reply.root.uri === "string" ? root.record.value.reply.root.uri : root.uri;
    const gateUri = rootUri.replace(`/${BLUESKY_POST_COLLECTION}/`, `/${BLUESKY_THREADGATE_COLLECTION}/`);
    const gate = world.find((r) => r.uri === gateUri);
    const threadgate = gate ? { uri: gate.uri, cid: gate.record.cid, record: gate.record.value, lists: [] } : undefined;
    return c.json({ thread: await node(root, depth), ...(threadgate ? { threadgate } : {}) });
  });
}
