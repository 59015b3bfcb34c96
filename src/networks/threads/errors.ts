import type { ErrorCode } from "../../infra/error-catalogue.js";
import { ApiError } from "../../infra/errors.js";
import type { ErrorRow, ErrorTable, ExtractedError, NetworkFailure } from "../http.js";
import { extractGraphError, graphCommonRows } from "../meta/graph.js";

/**
 * Threads answers in Graph's error envelope and uses Graph's general codes (190 expired token,
 * 10 and 200-299 permissions, 4/17/32/613 throttling, 368 temporary block). The spec reports a
 * missing permission outside the page and photo networks as `missing_scope`.
 */
const threadsRows: ErrorRow[] = [
  {
    networkCode: "24",
    subcode: "4279009",
    code: "platform_unavailable",
    meaning: "[3p] media not found: the container is not FINISHED yet (or not visible yet); wait and publish again",
  },
  { subcode: "invalid_location_id", code: "option_invalid", meaning: "location_id is not a location id from GET /location_search; take it from place search" },
];

/**
 * A `location_id` that is not a location from location search is refused under the generic (#100)
 * naming the parameter [unverified: the live wording]; that becomes a subcode here so the person
 * learns which option to change.
 */
function extractThreadsError(failure: NetworkFailure): ExtractedError {
  const extracted = extractGraphError(failure);
  return extracted.networkCode === "100" && /location_id/.test(extracted.message) ? { ...extracted, subcode: "invalid_location_id" } : extracted;
}

export const threadsErrorTable: ErrorTable = {
  platform: "threads",
  extract: extractThreadsError,
  rows: [...threadsRows, ...graphCommonRows("missing_scope")],
};

/**
 * A container in ERROR names its reason in `error_message` (Threads publishing reference).
 * Every reason is about the media file, so each maps to the media code that tells the person
 * what to change; `UNKNOWN` and anything new keep the network's words.
 */
export const threadsContainerErrors: Readonly<Record<string, { code: ErrorCode; meaning: string }>> = {
  FAILED_DOWNLOADING_VIDEO: { code: "media_unreadable", meaning: "the video could not be downloaded from its URL" },
  FAILED_PROCESSING_AUDIO: { code: "media_unreadable", meaning: "the video's audio could not be processed" },
  FAILED_PROCESSING_VIDEO: { code: "media_unreadable", meaning: "the video could not be processed" },
  INVALID_ASPEC_RATIO: { code: "aspect_ratio_unsupported", meaning: "aspect ratio outside 0.01:1 to 10:1 (Meta's spelling)" },
  INVALID_BIT_RATE: { code: "media_type_unsupported", meaning: "video bit rate not accepted" },
  INVALID_DURATION: { code: "media_type_unsupported", meaning: "video longer than 5 minutes (or too short)" },
  INVALID_FRAME_RATE: { code: "media_type_unsupported", meaning: "frame rate outside 23-60 fps" },
  INVALID_AUDIO_CHANNELS: { code: "media_type_unsupported", meaning: "audio is not mono or stereo" },
  INVALID_AUDIO_CHANNEL_LAYOUT: { code: "media_type_unsupported", meaning: "audio channel layout not accepted" },
};

export function threadsContainerError(errorMessage: string | undefined): ApiError {
  const reason = errorMessage?.trim() || "UNKNOWN";
  const known = threadsContainerErrors[reason];
  if (known) return new ApiError(known.code, { platform: "threads", message: `threads: ${reason} (${known.meaning})` });
  return new ApiError("platform_rejected", { platform: "threads", message: `threads: the media container failed (${reason})`, fix: null });
}
