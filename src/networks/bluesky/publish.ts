import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_POST_COLLECTION } from "./capabilities.js";
import { buildFacets, linkFacets } from "./facets.js";
import { type BlobRef, type ExternalEmbed, fetchLinkCard } from "./link-card.js";
import { createTid, gateWrites, postWebUrl, readPostOptions, readReferencedPost, selfLabels, type StrongRef } from "./post-record.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { xrpcOrThrow } from "./xrpc.js";
import { checkVideoJob, startVideoPost, type VideoEmbed } from "./video.js";

/**
 * Publishing on Bluesky is synchronous and happens in the person's own repository on their PDS:
 * resolve the mentions (`com.atproto.identity.resolveHandle`), upload each image
 * (`com.atproto.repo.uploadBlob`), then write one `app.bsky.feed.post` record
 * (`com.atproto.repo.createRecord`, or `applyWrites` together with its threadgate and postgate).
 * The post's id is its AT URI; deleting it is `deleteRecord`. A video first goes to Bluesky's
 * video service (video.ts), so that publish is asynchronous.
 *
 * Bluesky has no idempotency key and no duplicate check, so a publish whose answer was lost is
 * found again by `findPublished` (the newest records of the collection with the same text and a
 * `createdAt` close to now) before anything is retried.
 */

const BlobAnswer = v.looseObject({
  blob: v.looseObject({ $type: v.literal("blob"), ref: v.looseObject({ $link: v.string() }), mimeType: v.string(), size: v.number() }),
});
const CreateAnswer = v.looseObject({ uri: v.string(), cid: v.string() });
const ApplyWritesAnswer = v.looseObject({ results: v.array(v.looseObject({ uri: v.optional(v.string()), cid: v.optional(v.string()) })) });
const ListAnswer = v.looseObject({
  records: v.array(v.looseObject({ uri: v.string(), value: v.looseObject({ text: v.optional(v.string()), createdAt: v.optional(v.string()), embed: v.optional(v.unknown()) }) })),
});

/** How far back `findPublished` looks: the outcome of an attempt is checked right after its timeout. */
const FIND_WINDOW_MS = 60 * 60 * 1000;

function unexpected(what: string): ApiError {
  return new ApiError("platform_unavailable", { platform: "bluesky", message: `bluesky: unexpected ${what} response` });
}

async function uploadBlob(net: NetworkContext, pds: string, token: string, bytes: Uint8Array, contentType: string): Promise<BlobRef> {
  const body = await xrpcOrThrow<unknown>(net, {
    base: pds,
    nsid: BLUESKY_METHODS.uploadBlob,
    method: "POST",
    token,
    bytes: { data: new Uint8Array(bytes).buffer, contentType },
  });
  const parsed = v.safeParse(BlobAnswer, body);
  if (!parsed.success) throw unexpected("uploadBlob");
  const { ref, mimeType, size } = parsed.output.blob;
  return { $type: "blob", ref: { $link: ref.$link }, mimeType, size };
}

/**
 * One `app.bsky.embed.images` entry per image, uploaded in order. `alt` is required by the
 * lexicon (an empty string when the person gave none); `aspectRatio` lets clients lay the image
 * out before it loads. Sizes are the PDS's to judge: a blob above the embed's limit is refused at
 * createRecord ("blob too big"), which the error table reports as `media_too_large`.
 */
export async function uploadImages(net: NetworkContext, pds: string, token: string, media: PublishMedia[]) {
  const images: Record<string, unknown>[] = [];
  for (const item of media) {
    const image = await uploadBlob(net, pds, token, await item.read(), item.mimeType);
    const aspectRatio = item.width && item.height ? { width: item.width, height: item.height } : undefined;
    images.push({ image, alt: item.alt ?? "", ...(aspectRatio ? { aspectRatio } : {}) });
  }
  return images;
}

function embedFor(images: Record<string, unknown>[], video: VideoEmbed | null, quote: StrongRef | null, card: ExternalEmbed | null): object | undefined {
  const imagesEmbed = images.length > 0 ? { $type: "app.bsky.embed.images", images } : null;
  // One media embed per post (the embed is a union): a video, or images; with a quote, wrapped in recordWithMedia.
  const media = video ?? imagesEmbed;
  if (quote && media) return { $type: "app.bsky.embed.recordWithMedia", record: { $type: "app.bsky.embed.record", record: quote }, media };
  if (quote) return { $type: "app.bsky.embed.record", record: quote };
  return media ?? card ?? undefined;
}

const blobCid = (video: VideoEmbed) => video.video.ref.$link;

function handleOf(tokens: TokenSet, did: string): string {
  const handle = tokens.extra.handle;
  return typeof handle === "string" && handle && handle !== "handle.invalid" ? handle : did;
}

/**
 * A post with a video goes through Bluesky's video service first (video.ts) and is written once
 * the service has processed it (`checkPublishPost`); any other post is written now.
 */
export async function publishPost(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  const video = request.media.find((m) => m.kind === "video");
  if (video) return startVideoPost(tokens, request, video, net);
  return writePost(tokens, request, net, null);
}

/** Polls the video job of a video post; once the service has the blob, writes the post with it. */
export async function checkPublishPost(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  const checked = await checkVideoJob(tokens, pollToken, net);
  if (checked.state !== "ready") return checked.result;
  // This check runs again whenever an earlier one lost its answer, possibly after the record was
  // written: a post already carrying this very video blob is that post, never written twice.
  const written = await findPublishedPost(tokens, checked.request, net, checked.embed);
  if (written) return { state: "published", ...written };
  return writePost(tokens, checked.request, net, checked.embed);
}

/** Writes the post record (and its gates); `video` is the processed video's embed, if any. */
async function writePost(tokens: TokenSet, request: Pick<PublishRequest, "text" | "media" | "options" | "inReplyTo">, net: NetworkContext, video: VideoEmbed | null): Promise<PublishResult> {
  const options = readPostOptions(request.options);
  const did = didOf(tokens);
  const pds = pdsUrlOf(tokens, net);
  const token = tokens.accessToken;

  const facets = await buildFacets(request.text, net, pds);
  // A chain item answers the item before it; its root is read from that record (readReferencedPost).
  const replyTo = request.inReplyTo ?? options.replyTo;
  const reply = replyTo ? await readReferencedPost(net, pds, "replyTo", replyTo) : null;
  const quote = options.quote ? (await readReferencedPost(net, pds, "quote", options.quote)).ref : null;
  // Blobs no record references are garbage-collected, so uploads come right before the write.
  const images = await uploadImages(
    net,
    pds,
    token,
    request.media.filter((m) => m.kind === "image"),
  );
  const firstLink = linkFacets(request.text)[0]?.features[0];
  const card =
    images.length === 0 && !video && !quote && options.linkCard && firstLink?.$type === "app.bsky.richtext.facet#link"
      ? await fetchLinkCard(firstLink.uri, net, (bytes, type) => uploadBlob(net, pds, token, bytes, type))
      : null;

  const createdAt = net.now().toISOString();
  const embed = embedFor(images, video, quote, card);
  const labels = selfLabels(options.contentLabels);
  const record: Record<string, unknown> = {
    $type: BLUESKY_POST_COLLECTION,
    text: request.text,
    createdAt,
    ...(facets.length > 0 ? { facets } : {}),
    ...(reply ? { reply: { root: reply.root, parent: reply.ref } } : {}),
    ...(embed ? { embed } : {}),
    ...(options.langs.length > 0 ? { langs: options.langs } : {}),
    ...(labels ? { labels } : {}),
    ...(options.tags.length > 0 ? { tags: options.tags } : {}),
  };

  const rkey = createTid(net.now());
  const gates = gateWrites(`at://${did}/${BLUESKY_POST_COLLECTION}/${rkey}`, rkey, options, createdAt);
  let uri: string;
  if (gates.length === 0) {
    const body = await xrpcOrThrow<unknown>(net, {
      base: pds,
      nsid: BLUESKY_METHODS.createRecord,
      method: "POST",
      token,
      json: { repo: did, collection: BLUESKY_POST_COLLECTION, record },
    });
    const parsed = v.safeParse(CreateAnswer, body);
    if (!parsed.success) throw unexpected("createRecord");
    uri = parsed.output.uri;
  } else {
    // The gates must carry the post's record key, so the key is chosen here and all records are
    // written in one commit: either the post goes out with its reply and quote rules, or nothing.
    const body = await xrpcOrThrow<unknown>(net, {
      base: pds,
      nsid: BLUESKY_METHODS.applyWrites,
      method: "POST",
      token,
      json: {
        repo: did,
        writes: [{ $type: "com.atproto.repo.applyWrites#create", collection: BLUESKY_POST_COLLECTION, rkey, value: record }, ...gates],
      },
    });
    const parsed = v.safeParse(ApplyWritesAnswer, body);
    const created = parsed.success ? parsed.output.results[0]?.uri : undefined;
    if (!created) throw unexpected("applyWrites");
    uri = created;
  }
  return { state: "published", networkPostId: uri, url: postWebUrl(handleOf(tokens, did), uri) };
}

function embeddedImageCount(embed: unknown): number {
  if (!embed || typeof embed !== "object") return 0;
  const record = embed as { images?: unknown; media?: unknown };
  if (Array.isArray(record.images)) return record.images.length;
  return embeddedImageCount(record.media);
}

/** The video blob's CID of a record's embed (alone or beside a quote), or null for none. */
function embeddedVideoCid(embed: unknown): string | null {
  if (!embed || typeof embed !== "object") return null;
  const record = embed as { $type?: unknown; video?: { ref?: { $link?: unknown } }; media?: unknown };
  if (record.$type === "app.bsky.embed.video") return typeof record.video?.ref?.$link === "string" ? record.video.ref.$link : "";
  return embeddedVideoCid(record.media);
}

/**
 * After a publish whose answer never came: the newest posts of the repository
 * (`com.atproto.repo.listRecords`, newest first, public) with exactly this text, as many images,
 * a video embed exactly when the attempt had a video (with `video`, the processed blob itself),
 * and a `createdAt` inside the last hour.
 */
export async function findPublishedPost(
  tokens: TokenSet,
  request: Pick<PublishRequest, "text" | "media">,
  net: NetworkContext,
  video?: VideoEmbed,
): Promise<{ networkPostId: string; url: string | null } | null> {
  const did = didOf(tokens);
  const body = await xrpcOrThrow<unknown>(net, {
    base: pdsUrlOf(tokens, net),
    nsid: BLUESKY_METHODS.listRecords,
    method: "GET",
    // One page of the default 50 newest records: the window is short, so that is enough.
    params: { repo: did, collection: BLUESKY_POST_COLLECTION },
  });
  const parsed = v.safeParse(ListAnswer, body);
  if (!parsed.success) throw unexpected("listRecords");
  const now = net.now().getTime();
  const images = request.media.filter((m) => m.kind === "image").length;
  const withVideo = video !== undefined || request.media.some((m) => m.kind === "video");
  const found = parsed.output.records.find((r) => {
    const created = Date.parse(r.value.createdAt ?? "");
    const cid = embeddedVideoCid(r.value.embed);
    const videoMatches = withVideo ? cid !== null && (video === undefined || cid === blobCid(video)) : cid === null;
    return r.value.text === request.text && embeddedImageCount(r.value.embed) === images && videoMatches && created >= now - FIND_WINDOW_MS && created <= now + 60_000;
  });
  return found ? { networkPostId: found.uri, url: postWebUrl(handleOf(tokens, did), found.uri) } : null;
}

/**
 * `com.atproto.repo.deleteRecord` of the post. Deleting a record that is already gone succeeds
 * (the PDS answers 200), so a retried retract is harmless. Only posts of this account's own
 * repository can be deleted.
 */
export async function deletePost(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
  const did = didOf(tokens);
  const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/.exec(networkPostId);
  if (!match?.[2] || match[1] !== did) {
    throw new ApiError("platform_rejected", { platform: "bluesky", message: `bluesky: ${networkPostId} is not a post of this account`, fix: null });
  }
  await xrpcOrThrow<unknown>(net, {
    base: pdsUrlOf(tokens, net),
    nsid: BLUESKY_METHODS.deleteRecord,
    method: "POST",
    token: tokens.accessToken,
    json: { repo: did, collection: BLUESKY_POST_COLLECTION, rkey: match[2] },
  });
}
