import { ApiError } from "../../infra/errors.js";
import { UrlUnreachableError } from "../../infra/outbound/guarded-fetch.js";
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

const invalid = (param: ImageParam, message: string) => new ApiError("field_invalid", { param, platform: "bluesky", message, beforeExecution: true });

/**
 * Downloads a public image for the profile (the spec's PATCH profile takes URLs and uploads them
 * for the caller). The URL is the caller's, so it goes through the outbound guard
 * (`net.fetchUserUrl`), never the network fetch: a private or local address, a redirect to one,
 * no answer and an error status all give the same `url_unreachable`, so the answers cannot map
 * the deployment's network. Only a public server's file being too large is told apart.
 */
export async function downloadProfileImage(url: string, param: ImageParam, net: NetworkContext): Promise<ProfileImage> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(param, `${param} is not a URL.`);
  }
  if (parsed.protocol !== "https:") throw invalid(param, `${param} must be an https URL.`);
  if (!net.fetchUserUrl) throw new UrlUnreachableError("url", param);
  const limit = BLUESKY_PROFILE_LIMITS.imageBytes;
  let bytes: Uint8Array;
  try {
    const answer = await net.fetchUserUrl(parsed.toString(), { method: "GET", maxBytes: limit, param });
    if (answer.status < 200 || answer.status > 299) throw new UrlUnreachableError("transport", param);
    bytes = answer.body;
  } catch (error) {
    if (error instanceof UrlUnreachableError && error.reason === "too_large") {
      throw new ApiError("media_too_large", {
        param,
        platform: "bluesky",
        message: `Bluesky profile images must be at most ${limit.toLocaleString("en-US")} bytes.`,
        beforeExecution: true,
      });
    }
    throw error;
  }
  if (bytes.byteLength === 0) throw invalid(param, `The image at ${param} is empty.`);
  const contentType = sniffFormat(bytes.subarray(0, 8));
  if (!contentType) {
    throw new ApiError("media_type_unsupported", {
      param,
      platform: "bluesky",
      message: "Bluesky profile images must be PNG or JPEG.",
      beforeExecution: true,
    });
  }
  return { data: bytes.slice().buffer, contentType };
}
