import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, classifyFailure, parseNetworkBody, readBody } from "../http.js";
import type { PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinUrls } from "./capabilities.js";
import { toLittleText } from "./commentary.js";
import { linkedinPublishErrorTable } from "./errors.js";
import { linkedinMember } from "./member.js";
import { assetStatus, type UploadedAsset, uploadAssets } from "./media-upload.js";
import { postBody, readPostOptions } from "./post-body.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * Publishing on LinkedIn (Posts API): upload the media as the author (media-upload.ts), wait until
 * LinkedIn says every file is AVAILABLE, then `POST /rest/posts`; the new post's URN comes back
 * in the `x-restli-id` header. Images are normally available at once; a video is processed first,
 * so its publish answers `processing` and `checkPublish` creates the post when it is ready.
 *
 * The author is the organisation chosen as destination (or `platformOptions.linkedin.author`),
 * else the member (`urn:li:person:{id}`, see member.ts). A video to a personal profile (no
 * author, or a member URN as author) never reaches this adapter: following the spec's error
 * table, the pre-publish checks refuse it with `prof_video_unsupported` (rules.ts,
 * `videoUnsupportedForAccountKinds`), although the Videos API itself would take a person owner
 * under `w_member_social`. Videos posted as an organisation are uploaded with it as owner.
 */

const PostList = v.looseObject({
  elements: v.array(v.looseObject({ id: v.string(), commentary: v.optional(v.string()), createdAt: v.optional(v.number()) })),
});
const PollToken = v.object({
  v: v.literal(1),
  pending: v.array(v.object({ urn: v.string(), kind: v.picklist(["image", "video", "document"]) })),
  body: v.record(v.string(), v.unknown()),
});

const FIND_WINDOW_MS = 60 * 60 * 1000;
/** Seconds between video status polls; LinkedIn gives no hint, short videos take seconds. */
const POLL_AFTER_SECONDS = 5;

export const linkedinPostUrl = (urn: string) => `${linkedinUrls.feedUpdate}${urn}/`;

async function rest(net: NetworkContext, url: string, init: RequestInit) {
  return callNetwork(net, linkedinPublishErrorTable, url, init);
}

/** The author URN: the destination or option when given, else the member behind the token (stored at connect). */
async function authorOf(tokens: TokenSet, request: PublishRequest, option: string | null, net: NetworkContext): Promise<string> {
  const chosen = request.destination ?? option;
  if (chosen) {
    if (!/^urn:li:(person|organization):[A-Za-z0-9_-]+$/.test(chosen)) {
      throw new ApiError("option_invalid", {
        param: request.destination ? "destination" : "platformOptions.linkedin.author",
        platform: "linkedin",
        message: `${chosen} is not a LinkedIn member or organization URN.`,
        beforeExecution: true,
      });
    }
    return chosen;
  }
  const member = request.networkUserId ?? (await linkedinMember(tokens, net, linkedinPublishErrorTable)).networkUserId;
  return `urn:li:person:${member}`;
}

async function createPost(tokens: TokenSet, body: Record<string, unknown>, net: NetworkContext): Promise<PublishResult> {
  const response = await rest(net, `${linkedinUrls.rest}/posts`, {
    method: "POST",
    headers: { ...linkedinRestHeaders(tokens, net), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const urn = response.headers.get("x-restli-id");
  if (!urn) throw new ApiError("platform_unavailable", { platform: "linkedin", message: "linkedin: the post was created without an x-restli-id" });
  return { state: "published", networkPostId: urn, url: linkedinPostUrl(urn) };
}

/** Reads each pending file once: failed, still processing (the ones left), or all available. */
async function settle(tokens: TokenSet, assets: UploadedAsset[], net: NetworkContext): Promise<{ failed: ApiError } | { waiting: UploadedAsset[] }> {
  const waiting: UploadedAsset[] = [];
  for (const asset of assets) {
    const status = await assetStatus(tokens, asset, net);
    if (status.state === "failed") return { failed: status.error };
    if (status.state === "processing") waiting.push(asset);
  }
  return { waiting };
}

function processing(pending: UploadedAsset[], body: Record<string, unknown>): PublishResult {
  return { state: "processing", networkPostId: null, url: null, pollToken: JSON.stringify({ v: 1, pending, body }), pollAfterSeconds: POLL_AFTER_SECONDS };
}

export async function publishLinkedinPost(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  const options = readPostOptions(request.options, request.media);
  const author = await authorOf(tokens, request, options.author, net);
  if (author.startsWith("urn:li:organization:") && options.visibility === "CONNECTIONS") {
    throw new ApiError("option_invalid", {
      param: "platformOptions.linkedin.visibility",
      platform: "linkedin",
      message: "CONNECTIONS is for member posts; organisations post PUBLIC or LOGGED_IN.",
      beforeExecution: true,
    });
  }
  const assets = await uploadAssets(tokens, author, request.media, net);
  const body = postBody(author, toLittleText(request.text), request.media, assets, options);
  const settled = await settle(tokens, assets, net);
  if ("failed" in settled) return { state: "failed", error: settled.failed };
  if (settled.waiting.length > 0) return processing(settled.waiting, body);
  return createPost(tokens, body, net);
}

export async function checkLinkedinPost(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  let parsed: v.InferOutput<typeof PollToken>;
  try {
    parsed = v.parse(PollToken, JSON.parse(pollToken));
  } catch {
    throw new ApiError("internal_error", { platform: "linkedin", message: "linkedin: unreadable poll token" });
  }
  const settled = await settle(tokens, parsed.pending, net);
  if ("failed" in settled) return { state: "failed", error: settled.failed };
  if (settled.waiting.length > 0) return processing(settled.waiting, parsed.body);
  return createPost(tokens, parsed.body, net);
}

/**
 * After a lost answer: the author's newest posts (`GET /rest/posts?q=author`, sorted by creation)
 * with the same commentary in the last hour. LinkedIn lets organisations' admins read their posts
 * (`r_organization_social`), but a member's own posts only with the closed `r_member_social`; when
 * LinkedIn refuses the read there is nothing to find, and a retry is protected by LinkedIn's own
 * duplicate check (422), so no second post goes out.
 */
export async function findLinkedinPost(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null> {
  const options = readPostOptions(request.options, request.media);
  const author = await authorOf(tokens, request, options.author, net);
  const url = `${linkedinUrls.rest}/posts?author=${encodeURIComponent(author)}&q=author&count=20&sortBy=CREATED`;
  let response;
  try {
    response = await rest(net, url, { headers: linkedinRestHeaders(tokens, net) });
  } catch (error) {
    if (error instanceof ApiError && (error.code === "missing_scope" || error.code === "missing_permission")) return null;
    throw error;
  }
  const { elements } = parseNetworkBody("linkedin", PostList, response.body, "posts by author");
  const commentary = toLittleText(request.text);
  const since = net.now().getTime() - FIND_WINDOW_MS;
  const found = elements.find((p) => p.commentary === commentary && (p.createdAt ?? 0) >= since);
  return found ? { networkPostId: found.id, url: linkedinPostUrl(found.id) } : null;
}

/** `DELETE /rest/posts/{urn}`; a post that is already gone (404) counts as deleted. */
export async function deleteLinkedinPost(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
  if (!/^urn:li:(share|ugcPost):\d+$/.test(networkPostId)) {
    throw new ApiError("platform_rejected", { platform: "linkedin", message: `linkedin: ${networkPostId} is not a post URN`, fix: null });
  }
  let response: Response;
  try {
    response = await net.fetch(`${linkedinUrls.rest}/posts/${encodeURIComponent(networkPostId)}`, {
      method: "DELETE",
      headers: { ...linkedinRestHeaders(tokens, net), "x-restli-method": "DELETE" },
    });
  } catch (cause) {
    throw new ApiError("platform_unavailable", { platform: "linkedin", message: `linkedin could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
  }
  const body = await readBody(response);
  if (response.status === 404 || (response.status >= 200 && response.status < 300)) return;
  throw classifyFailure(linkedinPublishErrorTable, { status: response.status, headers: response.headers, body }, net.now());
}
