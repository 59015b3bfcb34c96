import { randomEtag } from "../google/wire.js";
import type { SandboxVideo } from "./youtube-data.js";

/** How long an uploaded video stays `processing` before it is `processed`. */
export const PROCESSING_MS = 2000;

/** Upload and processing state as videos.list reports it at `now`. */
export function processingState(video: SandboxVideo, now: Date) {
  const elapsed = now.getTime() - new Date(video.uploadedAt).getTime();
  if (elapsed < PROCESSING_MS) {
    const parts = Math.floor((1000 * Math.max(0, elapsed)) / PROCESSING_MS);
    return {
      status: { uploadStatus: "uploaded" },
      processing: { processingStatus: "processing", processingProgress: { partsTotal: "1000", partsProcessed: String(parts), timeLeftMs: String(PROCESSING_MS - elapsed) } },
    };
  }
  if (video.file === "empty") return { status: { uploadStatus: "failed", failureReason: "emptyFile" }, processing: { processingStatus: "failed", processingFailureReason: "uploadFailed" } };
  if (video.file === "invalid") return { status: { uploadStatus: "failed", failureReason: "invalidFile" }, processing: { processingStatus: "failed", processingFailureReason: "transcodeFailed" } };
  if (video.duplicateOf) return { status: { uploadStatus: "rejected", rejectionReason: "duplicate" }, processing: { processingStatus: "terminated" } };
  return { status: { uploadStatus: "processed" }, processing: { processingStatus: "succeeded" } };
}

export function videoThumbnails(id: string) {
  const url = `https://sandbox.chorus.invalid/youtube/vi/${id}/default.jpg`;
  return { default: { url, width: 120, height: 90 }, medium: { url, width: 320, height: 180 }, high: { url, width: 480, height: 360 } };
}

export function videoResource(video: SandboxVideo, parts: string[], now: Date, owner: boolean): Record<string, unknown> {
  const state = processingState(video, now);
  const resource: Record<string, unknown> = { kind: "youtube#video", etag: randomEtag(), id: video.id };
  if (parts.includes("snippet")) {
    resource.snippet = {
      publishedAt: video.uploadedAt,
      channelId: video.channelId,
      thumbnails: video.customThumbnails ?? videoThumbnails(video.id),
      liveBroadcastContent: "none",
      ...video.snippet,
      localized: { title: video.snippet.title, description: video.snippet.description },
    };
  }
  if (parts.includes("status")) {
    resource.status = {
      ...state.status,
      privacyStatus: video.status.privacyStatus,
      license: video.status.license ?? "youtube",
      embeddable: video.status.embeddable ?? true,
      publicStatsViewable: video.status.publicStatsViewable ?? true,
      madeForKids: video.status.selfDeclaredMadeForKids ?? false,
      ...(owner && video.status.selfDeclaredMadeForKids !== undefined ? { selfDeclaredMadeForKids: video.status.selfDeclaredMadeForKids } : {}),
      ...(video.status.containsSyntheticMedia !== undefined ? { containsSyntheticMedia: video.status.containsSyntheticMedia } : {}),
    };
  }
  // processingDetails and paid placement are returned to the owner only.
  if (parts.includes("processingDetails") && owner) resource.processingDetails = state.processing;
  if (parts.includes("paidProductPlacementDetails") && owner) resource.paidProductPlacementDetails = video.paidProductPlacementDetails ?? { hasPaidProductPlacement: false };
  return resource;
}
