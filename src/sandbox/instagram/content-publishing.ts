import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount } from "../types.js";
import { authenticate, graphError, graphJson, graphParams, invalidParameter, unsupportedRequest, type GraphProfile } from "../meta/graph-wire.js";
import { aspectRatioOf, fetchRemoteFile } from "../meta/remote-media.js";
import { mountMediaComments } from "./media-comments.js";
import { isSandboxPlace } from "../meta/page-search.js";
import { containerState, mountMediaReads, type SandboxContainer } from "./media-nodes.js";
import { platform, publishingLimitNode, publishQuota, type PublishingDoor, type SandboxMedia } from "./model.js";

/**
 * Instagram content publishing as both hosts answer it: `POST /{ig-user-id}/media` creates a
 * container, `GET /{container-id}?fields=status_code` reports it (IN_PROGRESS first, FINISHED a
 * few seconds later by the simulator's clock, see media-nodes.ts), `POST /{ig-user-id}/media_publish`
 * turns a FINISHED container into media. Images are fetched and checked when the container is
 * created (JPEG, 8 MiB, 4:5 to 1.91:1); videos are fetched afterwards, so a bad video surfaces as a
 * container in ERROR. Refusals use Instagram's codes and 2207xxx subcodes.
 */

/** Instagram's documented limits, as the simulator enforces them. */
export const instagramLimits = {
  captionCharacters: 2200,
  hashtags: 30,
  mentions: 20,
  imageBytes: 8 * 1024 * 1024,
  aspectRatio: { min: 4 / 5, max: 1.91 },
  carouselItems: { min: 2, max: 10 },
} as const;

const igError = (code: number, subcode: number, message: string, userMessage?: string) =>
  graphError(400, {
    message,
    type: "OAuthException",
    code,
    error_subcode: subcode,
    is_transient: false,
    ...(userMessage ? { error_user_title: "Media upload failed", error_user_msg: userMessage } : {}),
  });

const errors = {
  captionTooLong: () => igError(36004, 2207010, "The caption is too long.", "The caption exceeds 2,200 characters, 30 hashtags or 20 @-mentions."),
  tooManyMentions: () => igError(100, 2207040, "Too many tags.", "The caption mentions more than 20 accounts."),
  unfetchable: () => igError(9004, 2207052, "Only photo or video can be accepted as media type.", "The media could not be fetched from this URI."),
  notJpeg: () => igError(36001, 2207005, "The image format is not supported.", "Only JPEG images can be published."),
  imageTooLarge: () => igError(36000, 2207004, "The image is too large.", "The image is larger than 8 MiB."),
  aspectRatio: (ratio: number) => igError(36003, 2207009, `The submitted image with aspect ratio ('${ratio.toFixed(2)}') cannot be published.`, "The aspect ratio must be between 4:5 and 1.91:1."),
  carouselSize: () => igError(100, 2207028, "The carousel must have between 2 and 10 items.", "A carousel needs 2 to 10 items."),
  notReady: () => igError(9007, 2207027, "Media ID is not available", "The media is not ready for publishing, please wait for a moment."),
  notFound: () => igError(24, 2207006, "The media with the given ID was not found.", "The media container could not be found."),
  expired: () => igError(-2, 2207020, "The media container has expired.", "The container was not published within 24 hours."),
  failed: () => igError(-1, 2207032, "Create media has failed.", "The container could not be turned into media."),
  quota: () => igError(9, 2207042, "Application request limit reached", "You reached the maximum number of posts the Content Publishing API allows in 24 hours."),
};

const countOf = (pattern: RegExp, text: string) => (text.match(pattern) ?? []).length;

function captionProblem(caption: string | null): Response | null {
  if (!caption) return null;
  if ([...caption].length > instagramLimits.captionCharacters) return errors.captionTooLong();
  if (new Set((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).map((t) => t.toLowerCase())).size > instagramLimits.hashtags) return errors.captionTooLong();
  if (countOf(/(^|\s)@[\w.]+/g, caption) > instagramLimits.mentions) return errors.tooManyMentions();
  return null;
}

/** JSON-valued parameters must parse; Graph names the parameter when one does not. */
function jsonProblem(params: URLSearchParams): Response | null {
  for (const name of ["user_tags", "collaborators", "product_tags", "trial_params"]) {
    const raw = params.get(name);
    if (raw === null) continue;
    try {
      JSON.parse(raw);
    } catch {
      return invalidParameter(`(#100) Param ${name} must be a valid JSON value`);
    }
  }
  return null;
}

async function ownsUser(profile: GraphProfile, request: Request, d: PublishingDoor, igUserId: string, permission: string, params?: URLSearchParams) {
  const auth = await authenticate(profile, request, { door: d.door, permission, ...(params ? { form: params } : {}) });
  if (!auth.ok) return auth;
  if (igUserId !== auth.account.id && !(d.acceptsMe && igUserId === "me")) return { ok: false as const, response: unsupportedRequest(request.method, igUserId) };
  return { ok: true as const, account: auth.account };
}

type Created = { ok: true; container: Omit<SandboxContainer, "createdAt" | "mediaId"> } | { ok: false; response: Response };

/** Reads and checks one container request; images are fetched now, videos later. */
async function containerFrom(profile: GraphProfile, d: PublishingDoor, account: SandboxAccount, params: URLSearchParams): Promise<Created> {
  const deps = profile.deps;
  const store = deps.store;
  const fail = (response: Response): Created => ({ ok: false, response });
  const mediaType = params.get("media_type") ?? "IMAGE";
  const isCarouselItem = params.get("is_carousel_item") === "true";
  const caption = isCarouselItem ? null : params.get("caption") || null;
  const bad = captionProblem(caption) ?? jsonProblem(params);
  if (bad) return fail(bad);
  if (params.get("product_tags") !== null && !d.productTags) return fail(invalidParameter("(#100) Param product_tags is not supported on this host"));
  // A location is a Facebook Page with location data (page-search.ts); anything else is refused at container creation.
  const locationId = params.get("location_id");
  if (locationId !== null && !(await isSandboxPlace(deps, platform, locationId))) {
    return fail(invalidParameter(`(#100) Param location_id must be the id of a Page with a location: INSTAGRAM_PLATFORM_API__INVALID_LOCATION_ID (${locationId})`));
  }

  const recorded: Record<string, string> = {};
  for (const name of ["alt_text", "location_id", "user_tags", "collaborators", "product_tags", "share_to_feed", "cover_url", "thumb_offset", "audio_name", "trial_params"]) {
    const value = params.get(name);
    if (value !== null) recorded[name] = value;
  }
  const base = { mediaType, isCarouselItem, caption, imageUrl: null, videoUrl: null, children: [] as string[], fields: recorded, failure: null };

  if (mediaType === "CAROUSEL") {
    const children = (params.get("children") ?? "")
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    if (children.length < instagramLimits.carouselItems.min || children.length > instagramLimits.carouselItems.max) return fail(errors.carouselSize());
    for (const child of children) {
      const found = await store.get<SandboxContainer>(platform, "container", child);
      if (!found || found.owner !== account.id || !found.data.isCarouselItem) return fail(errors.notFound());
      if (containerState(deps.now(), found.data) !== "FINISHED") return fail(errors.notReady());
    }
    return { ok: true, container: { ...base, children } };
  }
  const wantsVideo = mediaType === "REELS" || mediaType === "VIDEO" || (mediaType === "STORIES" && params.get("video_url") !== null);
  if (mediaType === "VIDEO" && !isCarouselItem) return fail(invalidParameter("(#100) media_type VIDEO is only accepted for carousel items; publish single videos as REELS"));
  if (!["IMAGE", "REELS", "VIDEO", "STORIES"].includes(mediaType)) return fail(errors.unfetchable());
  if (wantsVideo) {
    const videoUrl = params.get("video_url");
    const fetched = await fetchRemoteFile(deps, platform, videoUrl, "video");
    if (!fetched.ok && fetched.reason === "invalid_url") return fail(errors.unfetchable());
    // Instagram downloads and transcodes the video after answering: problems show in the status.
    const failure = !fetched.ok
      ? "Error: 2207052: The media could not be fetched from this URI."
      : fetched.file.mimeType.startsWith("video/")
        ? null
        : "Error: 2207026: The video format is not supported. Please check spec for supported format.";
    return { ok: true, container: { ...base, videoUrl, failure } };
  }
  const imageUrl = params.get("image_url");
  const fetched = await fetchRemoteFile(deps, platform, imageUrl, "image");
  if (!fetched.ok) return fail(errors.unfetchable());
  if (fetched.file.mimeType !== "image/jpeg") return fail(errors.notJpeg());
  if (fetched.file.bytes > instagramLimits.imageBytes) return fail(errors.imageTooLarge());
  const ratio = aspectRatioOf(fetched.file);
  const ratioChecked = mediaType !== "STORIES";
  if (ratioChecked && ratio !== null && (ratio < instagramLimits.aspectRatio.min - 1e-9 || ratio > instagramLimits.aspectRatio.max + 1e-9)) return fail(errors.aspectRatio(ratio));
  return { ok: true, container: { ...base, imageUrl } };
}

const shortcodeChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const shortcode = () => [...crypto.getRandomValues(new Uint8Array(11))].map((b) => shortcodeChars[b % 64]).join("");

export function mountContentPublishing(graph: Hono, profile: GraphProfile, d: PublishingDoor): void {
  const { deps } = profile;

  graph.post("/:version/:igUserId/media", async (c) => {
    const params = await graphParams(c.req.raw);
    const owner = await ownsUser(profile, c.req.raw, d, c.req.param("igUserId"), d.publishPermission, params);
    if (!owner.ok) return owner.response;
    const created = await containerFrom(profile, d, owner.account, params);
    if (!created.ok) return created.response;
    const id = numericId(17);
    await deps.store.put<SandboxContainer>(platform, "container", id, { ...created.container, createdAt: deps.now().toISOString(), mediaId: null }, owner.account.id);
    return graphJson({ id });
  });

  graph.post("/:version/:igUserId/media_publish", async (c) => {
    const params = await graphParams(c.req.raw);
    const owner = await ownsUser(profile, c.req.raw, d, c.req.param("igUserId"), d.publishPermission, params);
    if (!owner.ok) return owner.response;
    const creationId = params.get("creation_id");
    if (!creationId) return invalidParameter("(#100) The parameter creation_id is required");
    const found = await deps.store.get<SandboxContainer>(platform, "container", creationId);
    if (!found || found.owner !== owner.account.id) return errors.notFound();
    const container = found.data;
    if (container.isCarouselItem) return invalidParameter("(#100) A carousel item cannot be published on its own; publish the CAROUSEL container");
    switch (containerState(deps.now(), container)) {
      case "IN_PROGRESS":
        return errors.notReady();
      case "ERROR":
        return errors.failed();
      case "EXPIRED":
        return errors.expired();
      case "PUBLISHED":
        return invalidParameter("(#100) This media container has already been published");
      case "FINISHED":
        break;
    }
    const limit = await publishingLimitNode(deps, owner.account.id);
    if (typeof limit.quota_usage === "number" && limit.quota_usage >= publishQuota.total) return errors.quota();
    const mediaId = numericId(17);
    const kinds: Record<string, Pick<SandboxMedia, "mediaType" | "productType">> = {
      IMAGE: { mediaType: "IMAGE", productType: "FEED" },
      REELS: { mediaType: "VIDEO", productType: "REELS" },
      CAROUSEL: { mediaType: "CAROUSEL_ALBUM", productType: "FEED" },
      STORIES: { mediaType: container.videoUrl ? "VIDEO" : "IMAGE", productType: "STORY" },
    };
    const media: SandboxMedia = {
      caption: container.caption ?? "",
      publishedAt: deps.now().toISOString(),
      ...(kinds[container.mediaType] ?? kinds.IMAGE),
      shortcode: shortcode(),
      containerId: creationId,
      children: container.children,
    };
    await deps.store.put<SandboxMedia>(platform, "media", mediaId, media, owner.account.id);
    await deps.store.put<SandboxContainer>(platform, "container", creationId, { ...container, mediaId }, owner.account.id);
    return graphJson({ id: mediaId });
  });

  mountMediaReads(graph, profile, d);
  mountMediaComments(graph, profile, d);
}
