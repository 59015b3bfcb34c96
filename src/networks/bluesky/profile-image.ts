import { ApiError } from "../../infra/errors.js";
import type { NetworkContext } from "../types.js";
import { BLUESKY_PROFILE_LIMITS } from "./capabilities.js";

type ImageParam = "avatarUrl" | "bannerUrl";

export interface ProfileImage {
  data: ArrayBuffer;
  contentType: "image/png" | "image/jpeg";
}

/**
 * The format is read from the file's first bytes, not from the server's Content-Type: the PDS
 * records what the bytes are, and the profile lexicon accepts only PNG and JPEG.
 */
function sniffFormat(bytes: Uint8Array): ProfileImage["contentType"] | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

const invalid = (param: ImageParam, message: string) =>
  new ApiError("field_invalid", { param, platform: "bluesky", message, beforeExecution: true });

/**
 * Downloads a public image for the profile (the spec's PATCH profile takes URLs and uploads them
 * for the caller). Only https URLs are fetched, through the context's fetch, so a test key never
 * reaches a host the sandbox does not serve.
 */
export async function downloadProfileImage(url: string, param: ImageParam, net: NetworkContext): Promise<ProfileImage> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(param, `${param} is not a URL.`);
  }
  if (parsed.protocol !== "https:") throw invalid(param, `${param} must be an https URL.`);
  let response: Response;
  try {
    response = await net.fetch(parsed.toString(), { method: "GET", redirect: "follow" });
  } catch (cause) {
    throw invalid(param, `The image at ${param} could not be downloaded${cause instanceof Error ? `: ${cause.message}` : ""}.`);
  }
  if (!response.ok) throw invalid(param, `The image at ${param} could not be downloaded (HTTP ${response.status}).`);
  const limit = BLUESKY_PROFILE_LIMITS.imageBytes;
  const tooLarge = () =>
    new ApiError("media_too_large", {
      param,
      platform: "bluesky",
      message: `Bluesky profile images must be at most ${limit.toLocaleString("en-US")} bytes.`,
      beforeExecution: true,
    });
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const data = await response.arrayBuffer();
  if (data.byteLength === 0) throw invalid(param, `The image at ${param} is empty.`);
  if (data.byteLength > limit) throw tooLarge();
  const contentType = sniffFormat(new Uint8Array(data, 0, Math.min(8, data.byteLength)));
  if (!contentType) {
    throw new ApiError("media_type_unsupported", {
      param,
      platform: "bluesky",
      message: "Bluesky profile images must be PNG or JPEG.",
      beforeExecution: true,
    });
  }
  return { data, contentType };
}
