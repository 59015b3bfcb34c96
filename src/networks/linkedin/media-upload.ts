import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, classifyFailure, parseNetworkBody } from "../http.js";
import type { PublishMedia } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinRestHeaders } from "./rest-headers.js";
import { linkedinUrls } from "./capabilities.js";
import { linkedinPublishErrorTable } from "./errors.js";

/**
 * LinkedIn media for posts, owned by the post's author (member or organisation):
 * - Images API: `POST /rest/images?action=initializeUpload` → `PUT {uploadUrl}` with the bytes;
 * - Videos API: `POST /rest/videos?action=initializeUpload` (with `fileSizeBytes`) → one `PUT`
 *   per upload instruction with exactly bytes `firstByte..lastByte`, keeping each part's `ETag` →
 *   `POST /rest/videos?action=finalizeUpload` with the ETags in order.
 * - Documents API: `POST /rest/documents?action=initializeUpload` → `PUT {uploadUrl}` with the
 *   whole file (PDF, DOCX, PPTX; at most 100 MB).
 * All are then processed by LinkedIn; `GET /rest/{images|videos|documents}/{urn}` say
 * WAITING_UPLOAD, PROCESSING, AVAILABLE or PROCESSING_FAILED, and a post may only use AVAILABLE media.
 */

const ImageInit = v.looseObject({ value: v.looseObject({ uploadUrl: v.string(), image: v.string() }) });
const VideoInit = v.looseObject({
  value: v.looseObject({
    video: v.string(),
    uploadToken: v.optional(v.string()),
    uploadInstructions: v.array(v.looseObject({ uploadUrl: v.string(), firstByte: v.number(), lastByte: v.number() })),
  }),
});
const DocumentInit = v.looseObject({ value: v.looseObject({ uploadUrl: v.string(), document: v.string() }) });
const MediaState = v.looseObject({ status: v.string() });

export interface UploadedAsset {
  urn: string;
  kind: "image" | "video" | "document";
}

async function rest(net: NetworkContext, url: string, init: RequestInit) {
  return callNetwork(net, linkedinPublishErrorTable, url, init);
}

const jsonHeaders = (tokens: TokenSet, net: NetworkContext) => ({ ...linkedinRestHeaders(tokens, net), "content-type": "application/json" });

async function uploadImage(tokens: TokenSet, owner: string, media: PublishMedia, net: NetworkContext): Promise<UploadedAsset> {
  const init = await rest(net, `${linkedinUrls.rest}/images?action=initializeUpload`, {
    method: "POST",
    headers: jsonHeaders(tokens, net),
    body: JSON.stringify({ initializeUploadRequest: { owner } }),
  });
  const { value } = parseNetworkBody("linkedin", ImageInit, init.body, "images initializeUpload");
  await rest(net, value.uploadUrl, {
    method: "PUT",
    headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": media.mimeType },
    body: new Uint8Array(await media.read()),
  });
  return { urn: value.image, kind: "image" };
}

async function uploadDocument(tokens: TokenSet, owner: string, media: PublishMedia, net: NetworkContext): Promise<UploadedAsset> {
  const init = await rest(net, `${linkedinUrls.rest}/documents?action=initializeUpload`, {
    method: "POST",
    headers: jsonHeaders(tokens, net),
    body: JSON.stringify({ initializeUploadRequest: { owner } }),
  });
  const { value } = parseNetworkBody("linkedin", DocumentInit, init.body, "documents initializeUpload");
  await rest(net, value.uploadUrl, {
    method: "PUT",
    headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(await media.read()),
  });
  return { urn: value.document, kind: "document" };
}

async function uploadVideo(tokens: TokenSet, owner: string, media: PublishMedia, net: NetworkContext): Promise<UploadedAsset> {
  const bytes = new Uint8Array(await media.read());
  const init = await rest(net, `${linkedinUrls.rest}/videos?action=initializeUpload`, {
    method: "POST",
    headers: jsonHeaders(tokens, net),
    body: JSON.stringify({ initializeUploadRequest: { owner, fileSizeBytes: bytes.byteLength, uploadCaptions: false, uploadThumbnail: false } }),
  });
  const { value } = parseNetworkBody("linkedin", VideoInit, init.body, "videos initializeUpload");
  const etags: string[] = [];
  for (const part of value.uploadInstructions) {
    const response = await rest(net, part.uploadUrl, {
      method: "PUT",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/octet-stream" },
      body: bytes.slice(part.firstByte, part.lastByte + 1),
    });
    const etag = response.headers.get("etag");
    if (!etag) throw new ApiError("platform_unavailable", { platform: "linkedin", message: "linkedin: a video part was stored without an ETag" });
    etags.push(etag);
  }
  await rest(net, `${linkedinUrls.rest}/videos?action=finalizeUpload`, {
    method: "POST",
    headers: jsonHeaders(tokens, net),
    body: JSON.stringify({ finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken ?? "", uploadedPartIds: etags } }),
  });
  return { urn: value.video, kind: "video" };
}

export async function uploadAssets(tokens: TokenSet, owner: string, media: PublishMedia[], net: NetworkContext): Promise<UploadedAsset[]> {
  const assets: UploadedAsset[] = [];
  const upload = { image: uploadImage, video: uploadVideo, document: uploadDocument } as const;
  for (const item of media) assets.push(await upload[item.kind](tokens, owner, item, net));
  return assets;
}

export type AssetStatus = { state: "available" } | { state: "processing" } | { state: "failed"; error: ApiError };

/** One status read of an image or video; PROCESSING_FAILED goes through the publish error table. */
export async function assetStatus(tokens: TokenSet, asset: UploadedAsset, net: NetworkContext): Promise<AssetStatus> {
  const url = `${linkedinUrls.rest}/${asset.kind}s/${encodeURIComponent(asset.urn)}`;
  const response = await rest(net, url, { headers: linkedinRestHeaders(tokens, net) });
  const { status } = parseNetworkBody("linkedin", MediaState, response.body, `${asset.kind} status`);
  if (status === "AVAILABLE") return { state: "available" };
  if (status === "PROCESSING_FAILED") {
    return { state: "failed", error: classifyFailure(linkedinPublishErrorTable, { status: response.status, headers: response.headers, body: response.body }, net.now()) };
  }
  return { state: "processing" };
}
