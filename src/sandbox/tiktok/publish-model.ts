import type { SandboxStore } from "../types.js";
import { isRecord } from "../../types/is-record.js";

/**
 * The TikTok simulator's model of Content Posting: a creator's settings (what creator_info
 * reports), a publish and the status it reaches as time passes, and how an init body is read.
 * Publishing is asynchronous: a pull takes DOWNLOAD_MS, and a public post's id appears
 * MODERATION_MS after that.
 */

export const DOWNLOAD_MS = 2000;
export const MODERATION_MS = 2000;

/** A creator's own settings that shape creator_info, and the app's audit state as TikTok sees it. */
export interface SandboxCreatorSettings {
  privateAccount: boolean;
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
  /** The app has not passed TikTok's audit: Direct Posts only to private accounts. */
  unauditedClient: boolean;
  bannedFromPosting: boolean;
}

const defaults: SandboxCreatorSettings = {
  privateAccount: false,
  commentDisabled: false,
  duetDisabled: false,
  stitchDisabled: true,
  maxVideoPostDurationSec: 300,
  unauditedClient: false,
  bannedFromPosting: false,
};

export interface SandboxPublish {
  id: string;
  accountId: string;
  mediaType: "VIDEO" | "PHOTO";
  postMode: "DIRECT_POST" | "MEDIA_UPLOAD";
  privacyLevel: string | null;
  title: string;
  description: string;
  mediaUrls: string[];
  createdAt: string;
  /** Set when TikTok's checks fail the publish (see failSandboxPublish). */
  failReason: string | null;
  /** The public post id, revealed once moderation passes (PUBLIC_TO_EVERYONE Direct Posts only). */
  postId: string;
}

export async function creatorSettings(store: SandboxStore, accountId: string): Promise<SandboxCreatorSettings> {
  return { ...defaults, ...(await store.get<Partial<SandboxCreatorSettings>>("tiktok", "creator_settings", accountId))?.data };
}

/** Changes a simulated creator's settings (private account, switched-off interactions, the app's audit state). */
export async function setSandboxCreator(store: SandboxStore, accountId: string, patch: Partial<SandboxCreatorSettings>): Promise<void> {
  await store.put("tiktok", "creator_settings", accountId, { ...(await creatorSettings(store, accountId)), ...patch }, accountId);
}

/** What TikTok's media checks or trust-and-safety decide while processing: the publish ends FAILED with `reason`. */
export async function failSandboxPublish(store: SandboxStore, publishId: string, reason: string): Promise<void> {
  const found = await store.get<SandboxPublish>("tiktok", "publish", publishId);
  if (!found) throw new Error(`no sandbox TikTok publish ${publishId}`);
  await store.put("tiktok", "publish", publishId, { ...found.data, failReason: reason }, found.owner);
}

export function privacyOptions(settings: SandboxCreatorSettings): string[] {
  return settings.privateAccount ? ["FOLLOWER_OF_CREATOR", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"] : ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"];
}

const utf16Length = (text: string) => text.length;
const isUrl = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function statusOf(publish: SandboxPublish, now: Date): { status: string; failReason: string | null; postIds: string[] } {
  const elapsed = now.getTime() - new Date(publish.createdAt).getTime();
  if (publish.failReason) return { status: "FAILED", failReason: publish.failReason, postIds: [] };
  if (elapsed < DOWNLOAD_MS) return { status: "PROCESSING_DOWNLOAD", failReason: null, postIds: [] };
  if (publish.postMode === "MEDIA_UPLOAD") return { status: "SEND_TO_USER_INBOX", failReason: null, postIds: [] };
  const moderated = publish.privacyLevel === "PUBLIC_TO_EVERYONE" && elapsed >= DOWNLOAD_MS + MODERATION_MS;
  return { status: "PUBLISH_COMPLETE", failReason: null, postIds: moderated ? [publish.postId] : [] };
}

export interface InitInput {
  mediaType: "VIDEO" | "PHOTO";
  postMode: "DIRECT_POST" | "MEDIA_UPLOAD";
  body: Record<string, unknown>;
}

type Refusal = { status: 400 | 403; code: string; message: string };
const invalid = (message: string): Refusal => ({ status: 400, code: "invalid_param", message });

/** Reads post_info and source_info the way each init endpoint documents them. */
export function readInit(input: InitInput, settings: SandboxCreatorSettings): Refusal | Omit<SandboxPublish, "id" | "accountId" | "createdAt" | "failReason" | "postId"> {
  const postInfo = isRecord(input.body.post_info) ? input.body.post_info : {};
  const source = isRecord(input.body.source_info) ? input.body.source_info : null;
  if (!source) return invalid("source_info is required");
  if (source.source !== "PULL_FROM_URL") return invalid("The Chorus sandbox accepts source PULL_FROM_URL only.");
  const title = typeof postInfo.title === "string" ? postInfo.title : "";
  const description = typeof postInfo.description === "string" ? postInfo.description : "";
  let mediaUrls: string[];
  if (input.mediaType === "VIDEO") {
    if (!isUrl(source.video_url)) return invalid("video_url is required for PULL_FROM_URL");
    if (utf16Length(title) > 2200) return invalid("title is longer than 2200 UTF-16 runes");
    mediaUrls = [source.video_url];
  } else {
    const images = source.photo_images;
    if (!Array.isArray(images) || images.length < 1 || images.length > 35 || !images.every(isUrl)) return invalid("photo_images must hold 1 to 35 URLs");
    const cover = source.photo_cover_index;
    if (typeof cover !== "number" || !Number.isInteger(cover) || cover < 0 || cover >= images.length) return invalid("photo_cover_index is required and must index photo_images");
    if (utf16Length(title) > 90) return invalid("title is longer than 90 UTF-16 runes");
    if (utf16Length(description) > 4000) return invalid("description is longer than 4000 UTF-16 runes");
    mediaUrls = images;
  }
  let privacyLevel: string | null = null;
  if (input.postMode === "DIRECT_POST") {
    const privacy = postInfo.privacy_level;
    if (typeof privacy !== "string" || !privacyOptions(settings).includes(privacy)) {
      return { status: 403, code: "privacy_level_option_mismatch", message: "privacy_level is not specified or not among the privacy_level_options." };
    }
    if (postInfo.brand_content_toggle === true && privacy === "SELF_ONLY") return invalid("Branded content cannot be posted with privacy_level SELF_ONLY.");
    privacyLevel = privacy;
  }
  return { mediaType: input.mediaType, postMode: input.postMode, privacyLevel, title, description, mediaUrls };
}
