import { ApiError } from "../../../../infra/errors.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import { validationRulesOf } from "./network-rules.js";

/** A problem with a file named by an option, in the shape of the other target issues. */
export interface OptionMediaIssue {
  code: "option_invalid";
  param: string;
  message: string;
  fix: string;
}

type Loader = (ids: string[]) => Promise<Map<string, PublishMedia>>;

/** The options of `platform` whose value names a `med_` file, with what the file must be. */
function mediaRefs(platform: PlatformId) {
  return Object.entries(validationRulesOf(platform).options ?? {}).flatMap(([name, rule]) => (rule.mediaRef ? [{ name, ref: rule.mediaRef }] : []));
}

/**
 * Loads the files the targets' options name (YouTube `thumbnail`). An id that is not this
 * workspace's refuses the request like an unknown id in `media`, naming the option.
 */
export async function loadOptionMedia(platforms: readonly PlatformId[], optionsOf: (platform: PlatformId) => Record<string, unknown>, load: Loader): Promise<Map<string, PublishMedia>> {
  const found = new Map<string, PublishMedia>();
  for (const platform of new Set(platforms)) {
    for (const { name } of mediaRefs(platform)) {
      const id = optionsOf(platform)[name];
      if (typeof id !== "string" || found.has(id)) continue;
      try {
        const loaded = (await load([id])).get(id);
        if (loaded) found.set(id, loaded);
      } catch (error) {
        if (error instanceof ApiError && error.code === "media_unknown") {
          throw new ApiError("media_unknown", { param: `platformOptions.${platform}.${name}`, message: `No media ${id} in this workspace.` });
        }
        throw error;
      }
    }
  }
  return found;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Checks each option-named file against what the network takes and returns the files to send,
 * keyed by option. A file the network would refuse is refused before publishing, so the post is
 * not published with the option silently dropped.
 */
export function checkOptionMedia(
  platform: PlatformId,
  options: Record<string, unknown>,
  loaded: ReadonlyMap<string, PublishMedia>,
): { issues: OptionMediaIssue[]; attachments: Record<string, PublishMedia> } {
  const issues: OptionMediaIssue[] = [];
  const attachments: Record<string, PublishMedia> = {};
  for (const { name, ref } of mediaRefs(platform)) {
    const id = options[name];
    if (typeof id !== "string") continue;
    const file = loaded.get(id);
    if (!file) continue;
    const param = `platformOptions.${platform}.${name}`;
    const types = ref.mimeTypes.map((t) => t.replace("image/", "").toUpperCase()).join(" or ");
    if (!ref.kinds.includes(file.kind) || !ref.mimeTypes.includes(file.mimeType)) {
      issues.push({
        code: "option_invalid",
        param,
        message: `The ${ref.what} must be a ${types} image; ${id} is ${file.mimeType}.`,
        fix: `Upload a ${types} image with POST /v1/media and pass its id in \`${param}\`.`,
      });
    } else if (file.bytes > ref.maxBytes) {
      issues.push({
        code: "option_invalid",
        param,
        message: `The ${ref.what} is ${megabytes(file.bytes)}; the network takes at most ${megabytes(ref.maxBytes)}.`,
        fix: `Compress the image under ${megabytes(ref.maxBytes)}, upload it again and pass the new id in \`${param}\`.`,
      });
    } else {
      attachments[name] = file;
    }
  }
  return { issues, attachments };
}
