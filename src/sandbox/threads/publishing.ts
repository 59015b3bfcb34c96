import type { Hono } from "hono";
import { threadsTextLength, threadsTextLimit } from "../../networks/threads/text.js";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { authenticate, graphError, graphJson, graphParams, invalidParameter, pageOf, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import { places } from "../meta/page-search.js";
import { aspectRatioOf, fetchRemoteFile } from "../meta/remote-media.js";
import { type ContainerState, containerStateAt, type MediaContainer } from "../media-container.js";

/**
 * Threads publishing as graph.threads.net answers it: `POST /{user-id}/threads` creates a
 * container, `GET /{container-id}?fields=status,error_message` reports it (IN_PROGRESS first,
 * FINISHED a few seconds later by the simulator's clock; ERROR with Threads' `error_message`
 * when the media cannot be used), `POST /{user-id}/threads_publish` publishes a FINISHED one,
 * `GET /{user-id}/threads` lists the account's posts and `DELETE /{media-id}` removes one.
 * Media URLs are fetched after the container is created, so media problems show in the status.
 */

const platform = "threads";

export interface SandboxThread {
  text: string;
  publishedAt: string;
  /** Published through the API (absent on the seeded post, which reads as a text post). */
  mediaType?: "TEXT_POST" | "IMAGE" | "VIDEO" | "CAROUSEL_ALBUM";
  shortcode?: string;
  containerId?: string;
  children?: string[];
  /** A reply: the post or reply it answers, and the top of its conversation (replies.ts). */
  repliedTo?: string;
  rootPost?: string;
  /** Hidden by the owner of the conversation's root post (`manage_reply`). */
  hidden?: boolean;
}

/** A Threads container; its `failure` is the `error_message`. */
export interface SandboxThreadsContainer extends MediaContainer {
  mediaType: "TEXT" | "IMAGE" | "VIDEO" | "CAROUSEL";
  text: string | null;
}

export const threadsProcessingSeconds = { other: 2, video: 5 } as const;
const maxVideoSeconds = 300;
const replyControls = ["everyone", "accounts_you_follow", "mentioned_only", "parent_post_author_only", "followers_only"];

export const threadsContainerState = (now: Date, c: SandboxThreadsContainer): ContainerState => containerStateAt(now, c, threadsProcessingSeconds);

/**
 * [3p] code 24 / subcode 4279009 "Media Not Found", `is_transient: false`, as clients report
 * threads_publish answering for a container still processing (fbsamples/threads_api#70: publish
 * only once GET /{container-id} says FINISHED) or not there.
 */
const mediaNotFound = () =>
  graphError(400, {
    message: "The requested resource does not exist",
    type: "OAuthException",
    code: 24,
    error_subcode: 4279009,
    is_transient: false,
    error_user_title: "Media Not Found",
    error_user_msg: "The media is not ready or could not be found.",
  });

/** Why Threads would fail this media once it fetched it, as its `error_message`; null when it is fine. */
async function mediaFailure(deps: SimulatorDeps, kind: "image" | "video", url: string): Promise<string | null | "invalid_url"> {
  const fetched = await fetchRemoteFile(deps, platform, url, kind);
  if (!fetched.ok) return fetched.reason === "invalid_url" ? "invalid_url" : kind === "video" ? "FAILED_DOWNLOADING_VIDEO" : "UNKNOWN";
  const file = fetched.file;
  const ratio = aspectRatioOf(file);
  // Images up to 10:1; videos 0.01:1 to 10:1 (shared/networks/threads.md §2).
  if (ratio !== null && (ratio > 10 || ratio < (kind === "video" ? 0.01 : 0.1))) return "INVALID_ASPEC_RATIO";
  if (kind === "image") return ["image/jpeg", "image/png"].includes(file.mimeType) && file.bytes <= 8 * 1024 * 1024 ? null : "UNKNOWN";
  if (!file.mimeType.startsWith("video/")) return "FAILED_PROCESSING_VIDEO";
  return file.durationSeconds !== null && file.durationSeconds > maxVideoSeconds ? "INVALID_DURATION" : null;
}

/** Checks the text-post parameters Threads validates when the container is created. */
function parameterProblem(params: URLSearchParams): Response | null {
  const text = params.get("text");
  if (text !== null && threadsTextLength(text) > threadsTextLimit) return invalidParameter(`(#100) Param text must be at most ${threadsTextLimit} characters long.`);
  const control = params.get("reply_control");
  if (control !== null && !replyControls.includes(control)) return invalidParameter(`(#100) Param reply_control must be one of {${replyControls.join(", ")}}`);
  const tag = params.get("topic_tag");
  if (tag !== null && (tag.length < 1 || tag.length > 50 || /[.&]/.test(tag))) return invalidParameter("(#100) Param topic_tag must be 1-50 characters without '.' or '&'");
  const poll = params.get("poll_attachment");
  if (poll !== null) {
    let options: unknown;
    try {
      options = JSON.parse(poll);
    } catch {
      options = null;
    }
    const values = typeof options === "object" && options !== null ? Object.values(options) : [];
    if (values.length < 2 || values.length > 4 || !values.every((o) => typeof o === "string" && o.length >= 1 && o.length <= 25)) {
      return invalidParameter("(#100) Param poll_attachment must have 2 to 4 options of 1 to 25 characters");
    }
  }
  return null;
}

const shortcodeChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const shortcode = () => [...crypto.getRandomValues(new Uint8Array(11))].map((b) => shortcodeChars[b % 64]).join("");
const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

export function threadNode(id: string, post: SandboxThread, account: SandboxAccount): GraphNode {
  const code = post.shortcode ?? id.slice(-11);
  return {
    id,
    text: post.text,
    media_type: post.mediaType ?? "TEXT_POST",
    media_product_type: "THREADS",
    permalink: `https://sandbox.chorus.invalid/threads/@${account.handle}/post/${code}`,
    shortcode: code,
    timestamp: graphTime(post.publishedAt),
    username: account.handle,
    owner: { id: account.id },
    is_quote_post: false,
    is_reply: Boolean(post.repliedTo),
    // Only the account's own media are served as nodes here, so a reply read this way is its own.
    is_reply_owned_by_me: post.repliedTo ? true : null,
    replied_to: post.repliedTo ? { id: post.repliedTo } : null,
    root_post: post.rootPost ? { id: post.rootPost } : null,
    children: post.children && post.children.length > 0 ? { data: post.children.map((child) => ({ id: child })) } : null,
  };
}

export function mountThreadsPublishing(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  const user = async (request: Request, userId: string, permission: string, form?: URLSearchParams) => {
    const auth = await authenticate(profile, request, { door, permission, ...(form ? { form } : {}) });
    if (!auth.ok) return auth;
    if (userId !== "me" && userId !== auth.account.id) return { ok: false as const, response: unsupportedRequest(request.method, userId) };
    return { ok: true as const, account: auth.account };
  };

  /** Turns a container into a post (a reply when it names `reply_to_id`); returns the post's id. */
  async function publishContainer(creationId: string, container: SandboxThreadsContainer, ownerId: string): Promise<string> {
    const mediaId = numericId(17);
    const types = { TEXT: "TEXT_POST", IMAGE: "IMAGE", VIDEO: "VIDEO", CAROUSEL: "CAROUSEL_ALBUM" } as const;
    const replyTo = container.fields.reply_to_id;
    const parent = replyTo ? await deps.store.get<SandboxThread>(platform, "thread", replyTo) : null;
    const post: SandboxThread = {
      text: container.text ?? "",
      publishedAt: deps.now().toISOString(),
      mediaType: types[container.mediaType],
      shortcode: shortcode(),
      containerId: creationId,
      children: container.children,
      ...(replyTo ? { repliedTo: replyTo, rootPost: parent?.data.rootPost ?? replyTo } : {}),
    };
    await deps.store.put<SandboxThread>(platform, "thread", mediaId, post, ownerId);
    await deps.store.put<SandboxThreadsContainer>(platform, "container", creationId, { ...container, mediaId }, ownerId);
    return mediaId;
  }

  graph.post("/:version/:userId/threads", async (c) => {
    const params = await graphParams(c.req.raw);
    const owner = await user(c.req.raw, c.req.param("userId"), "threads_content_publish", params);
    if (!owner.ok) return owner.response;
    const mediaType = params.get("media_type");
    if (mediaType !== "TEXT" && mediaType !== "IMAGE" && mediaType !== "VIDEO" && mediaType !== "CAROUSEL") {
      return invalidParameter("(#100) Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}");
    }
    const problem = parameterProblem(params);
    if (problem) return problem;
    const isCarouselItem = params.get("is_carousel_item") === "true";
    const text = isCarouselItem ? null : params.get("text") || null;
    if (mediaType === "TEXT" && !text) return invalidParameter("(#100) Param text is required for TEXT posts");
    const fields: Record<string, string> = {};
    for (const name of ["reply_control", "topic_tag", "link_attachment", "poll_attachment", "alt_text", "location_id", "allowlisted_country_codes", "quote_post_id", "reply_to_id"]) {
      const value = params.get(name);
      if (value !== null) fields[name] = value;
    }
    const replyTo = fields.reply_to_id;
    if (replyTo !== undefined) {
      // Reply Management: POST reply endpoints need threads_manage_replies beside threads_content_publish.
      const replying = await authenticate(profile, c.req.raw, { door, permission: "threads_manage_replies", form: params });
      if (!replying.ok) return replying.response;
      if (!(await deps.store.get<SandboxThread>(platform, "thread", replyTo))) return mediaNotFound();
    }
    if (fields.location_id !== undefined) {
      // Location Tagging guide: a location tag needs threads_location_tagging and an id from location search.
      const tagging = await authenticate(profile, c.req.raw, { door, permission: "threads_location_tagging", form: params });
      if (!tagging.ok) return tagging.response;
      if (!(await places(deps, platform)).some((place) => place.id === fields.location_id)) return invalidParameter("(#100) Param location_id must be a location id from location_search");
    }
    const container: SandboxThreadsContainer = {
      mediaType,
      isCarouselItem,
      text,
      imageUrl: null,
      videoUrl: null,
      children: [],
      fields,
      createdAt: deps.now().toISOString(),
      failure: null,
      mediaId: null,
    };
    if (mediaType === "IMAGE" || mediaType === "VIDEO") {
      const key = mediaType === "IMAGE" ? "image_url" : "video_url";
      const url = params.get(key);
      if (!url) return invalidParameter(`(#100) Param ${key} is required for ${mediaType} posts`);
      const failure = await mediaFailure(deps, mediaType === "IMAGE" ? "image" : "video", url);
      if (failure === "invalid_url") return invalidParameter(`(#100) Param ${key} must be a valid URL`);
      Object.assign(container, mediaType === "IMAGE" ? { imageUrl: url } : { videoUrl: url }, { failure });
    }
    if (mediaType === "CAROUSEL") {
      const children = (params.get("children") ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (children.length < 2 || children.length > 20) return invalidParameter("(#100) A carousel must have between 2 and 20 children");
      for (const child of children) {
        const found = await deps.store.get<SandboxThreadsContainer>(platform, "container", child);
        if (!found || found.owner !== owner.account.id || !found.data.isCarouselItem) return mediaNotFound();
        if (threadsContainerState(deps.now(), found.data) !== "FINISHED") return mediaNotFound();
      }
      container.children = children;
    }
    const id = numericId(17);
    if (mediaType === "TEXT" && params.get("auto_publish_text") === "true") {
      // A text post may skip the publish call: it goes out at once, and the answer is the post's id.
      const mediaId = await publishContainer(id, container, owner.account.id);
      return graphJson({ id: mediaId });
    }
    await deps.store.put<SandboxThreadsContainer>(platform, "container", id, container, owner.account.id);
    return graphJson({ id });
  });

  graph.post("/:version/:userId/threads_publish", async (c) => {
    const params = await graphParams(c.req.raw);
    const owner = await user(c.req.raw, c.req.param("userId"), "threads_content_publish", params);
    if (!owner.ok) return owner.response;
    const creationId = params.get("creation_id");
    if (!creationId) return invalidParameter("(#100) The parameter creation_id is required");
    const found = await deps.store.get<SandboxThreadsContainer>(platform, "container", creationId);
    if (!found || found.owner !== owner.account.id) return mediaNotFound();
    const container = found.data;
    if (container.isCarouselItem) return invalidParameter("(#100) A carousel item cannot be published on its own");
    const state = threadsContainerState(deps.now(), container);
    if (state === "IN_PROGRESS") return mediaNotFound();
    if (state === "ERROR") return invalidParameter(`(#100) The media container failed: ${container.failure ?? "UNKNOWN"}`);
    if (state === "EXPIRED") return invalidParameter("(#100) The media container has expired");
    if (state === "PUBLISHED") return invalidParameter("(#100) The media container has already been published");
    return graphJson({ id: await publishContainer(creationId, container, owner.account.id) });
  });

  graph.get("/:version/:userId/threads", async (c) => {
    const owner = await user(c.req.raw, c.req.param("userId"), "threads_basic");
    if (!owner.ok) return owner.response;
    const nodes: GraphNode[] = [];
    // Replies are listed by /{user-id}/replies and the conversation edges, not with the account's posts.
    for (const t of (await deps.store.list<SandboxThread>(platform, "thread", { owner: owner.account.id })).filter((t) => !t.data.repliedTo).reverse()) {
      const picked = selectFields(threadNode(t.id, t.data, owner.account), c.req.query("fields"), "id", "ThreadsMedia");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });

  graph.get("/:version/:nodeId", async (c) => {
    const id = c.req.param("nodeId");
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_basic" });
    if (!auth.ok) return auth.response;
    const container = await deps.store.get<SandboxThreadsContainer>(platform, "container", id);
    if (container && container.owner === auth.account.id) {
      const state = threadsContainerState(deps.now(), container.data);
      const node: GraphNode = { id, status: state, error_message: state === "ERROR" ? container.data.failure : null };
      const picked = selectFields(node, c.req.query("fields"), "id", "ThreadsMediaContainer");
      return picked instanceof Response ? picked : graphJson(picked);
    }
    const post = await deps.store.get<SandboxThread>(platform, "thread", id);
    if (!post || post.owner !== auth.account.id) return unsupportedRequest("GET", id);
    const picked = selectFields(threadNode(id, post.data, auth.account), c.req.query("fields"), "id", "ThreadsMedia");
    return picked instanceof Response ? picked : graphJson(picked);
  });

  graph.delete("/:version/:mediaId", async (c) => {
    const id = c.req.param("mediaId");
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_delete" });
    if (!auth.ok) return auth.response;
    const post = await deps.store.get<SandboxThread>(platform, "thread", id);
    if (!post || post.owner !== auth.account.id) return unsupportedRequest("DELETE", id);
    await deps.store.delete(platform, "thread", id);
    return graphJson({ success: true, deleted_id: id });
  });
}
