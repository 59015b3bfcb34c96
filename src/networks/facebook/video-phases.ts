import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { NetworkContext } from "../types.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphPost, graphRequest } from "../meta/graph.js";
import { facebookGraphUrl, facebookVersion, type PageAccess } from "../meta/page-access.js";

/**
 * Reels and video stories reach a page in phases (Meta's Reels Publishing and Page Stories
 * guides; Page.json POST `video_reels` / `video_stories`, `upload_phase` START | FINISH):
 * 1. `upload_phase=START` opens an upload session: `{ video_id, upload_url }`;
 * 2. the file goes to rupload.facebook.com, here by its public URL (header `file_url`) so the
 *    bytes never pass through Chorus, with the page token as `Authorization: OAuth <token>`;
 * 3. `upload_phase=FINISH` with the video id publishes it (`video_state=PUBLISHED` for reels;
 *    a video story is published by its finish call and answers its `post_id`).
 */

export const ruploadHost = "rupload.facebook.com";

export type PhasedEdge = "video_reels" | "video_stories";

const StartSchema = v.object({ video_id: v.string(), upload_url: v.optional(v.string()) });
const TransferSchema = v.object({ success: v.boolean() });
const FinishSchema = v.object({ success: v.boolean(), post_id: v.optional(v.string()) });

/**
 * Where the file goes. Meta names the URL in its START answer; the page token is sent with it, so
 * only Meta's own upload host is accepted, and the documented path is used when none is named.
 */
function uploadUrlOf(net: NetworkContext, videoId: string, named: string | undefined): string {
  const documented = `https://${ruploadHost}/video-upload/${facebookVersion(net)}/${encodeURIComponent(videoId)}`;
  if (named === undefined) return documented;
  const url = URL.canParse(named) ? new URL(named) : null;
  if (url?.protocol !== "https:" || url.host !== ruploadHost) {
    throw new ApiError("platform_unavailable", { platform: "facebook", message: `facebook: the upload session named an upload host other than ${ruploadHost}` });
  }
  return url.toString();
}

async function transfer(net: NetworkContext, page: PageAccess, uploadUrl: string, fileUrl: string): Promise<void> {
  const answer = await graphRequest(net, table, uploadUrl, TransferSchema, { method: "POST", headers: { authorization: `OAuth ${page.token}`, file_url: fileUrl } });
  if (!answer.success) throw new ApiError("media_unreadable", { platform: "facebook", message: "facebook: Meta could not fetch the video from its URL" });
}

/** Runs the three phases; returns the video id and what the finish call answered. */
export async function publishInPhases(
  net: NetworkContext,
  page: PageAccess,
  edge: PhasedEdge,
  fileUrl: string,
  finish: Record<string, string | undefined>,
): Promise<{ videoId: string; postId: string | undefined }> {
  const url = facebookGraphUrl(net, `${page.pageId}/${edge}`);
  const started = await graphPost(net, table, url, { upload_phase: "START", access_token: page.token }, StartSchema);
  await transfer(net, page, uploadUrlOf(net, started.video_id, started.upload_url), fileUrl);
  const finished = await graphPost(net, table, url, { upload_phase: "FINISH", video_id: started.video_id, ...finish, access_token: page.token }, FinishSchema);
  if (!finished.success) throw new ApiError("platform_unavailable", { platform: "facebook", message: `facebook: ${edge} did not confirm the finish phase` });
  return { videoId: started.video_id, postId: finished.post_id };
}
