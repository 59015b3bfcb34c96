import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_POST_COLLECTION } from "./capabilities.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { buildFacets } from "./facets.js";
import { postWebUrl, readReferencedPost } from "./post-record.js";
import { uploadImages } from "./publish.js";
import { xrpcOrThrow } from "./xrpc.js";

const CreateAnswer = v.looseObject({ uri: v.string(), cid: v.string() });

/**
 * Bluesky's first comment is the account's reply to its own post: an `app.bsky.feed.post` record
 * whose `reply.parent` is the post and `reply.root` its thread's root (the post itself unless it
 * was a reply), both strong references, so the post's `cid` is read first (getRecord).
 * Mentions and links are facets, as in the post; images are blobs in an `app.bsky.embed.images`
 * embed, as a post's are.
 */
export async function commentOnBlueskyPost(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const did = didOf(tokens);
  const pds = pdsUrlOf(tokens, net);
  const { ref, root } = await readReferencedPost(net, pds, "replyTo", input.networkPostId);
  const facets = await buildFacets(input.text, net, pds);
  const images = await uploadImages(net, pds, tokens.accessToken, input.media ?? []);
  const record = {
    $type: BLUESKY_POST_COLLECTION,
    text: input.text,
    createdAt: net.now().toISOString(),
    reply: { root, parent: ref },
    ...(facets.length > 0 ? { facets } : {}),
    ...(images.length > 0 ? { embed: { $type: "app.bsky.embed.images", images } } : {}),
  };
  const body = await xrpcOrThrow<unknown>(net, {
    base: pds,
    nsid: BLUESKY_METHODS.createRecord,
    method: "POST",
    token: tokens.accessToken,
    json: { repo: did, collection: BLUESKY_POST_COLLECTION, record },
  });
  const parsed = v.safeParse(CreateAnswer, body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "bluesky", message: "bluesky: unexpected createRecord response" });
  const named = tokens.extra.handle;
  const handle = typeof named === "string" && named && named !== "handle.invalid" ? named : did;
  return { id: parsed.output.uri, url: postWebUrl(handle, parsed.output.uri) };
}
