import type { FirstCommentRequest } from "../../../../db/schema/first-comment-columns.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import type { FirstCommentRule } from "../../../../networks/rules-schema.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import { validationRulesOf } from "./network-rules.js";
import { countText } from "./text-length.js";

/** The option a target's own first comment goes in: `platformOptions.<network>.firstComment`. */
export const FIRST_COMMENT_OPTION = "firstComment";

interface Issue {
  code: string;
  param: string | null;
  message: string;
  fix: string | null;
}

export interface FirstCommentCheck {
  /** What is commented under this target's post once it is live; null for none. */
  comment: FirstCommentRequest | null;
  errors: Issue[];
}

const UNIT = { characters: "characters", graphemes: "graphemes", bytes: "bytes", weighted: "weighted characters" } as const;

/**
 * The one rule for a target's first comment, run by validation and publishing alike (prepare-targets.ts):
 * the target's own `platformOptions.<network>.firstComment` wins over the post's `firstComment`
 * (`false` or `null` turns it off for that target), and the network's row (`firstComment` in its
 * rules.ts) says whether it can be posted there and how long it may be. An error refuses the
 * whole target before anything is sent, as any other pre-publish error does: a post whose
 * comment cannot follow it is not published half-done.
 */
export function checkFirstComment(
  platform: PlatformId,
  post: FirstCommentRequest | null | undefined,
  options: Record<string, unknown>,
  files: ReadonlyMap<string, PublishMedia> = new Map(),
): FirstCommentCheck {
  const own = Object.hasOwn(options, FIRST_COMMENT_OPTION) ? options[FIRST_COMMENT_OPTION] : undefined;
  const optionParam = `platformOptions.${platform}.${FIRST_COMMENT_OPTION}`;
  if (own === false || own === null) return { comment: null, errors: [] };
  if (own !== undefined && !isComment(own)) {
    return {
      comment: null,
      errors: [
        {
          code: "field_invalid",
          param: optionParam,
          message: `${optionParam} must be { "text": "…", "media"?: ["med_…"] } or false.`,
          fix: `Send { "text": "…" } to give ${platform} its own first comment, or false to post none there.`,
        },
      ],
    };
  }
  const comment = own ?? post ?? null;
  if (!comment) return { comment: null, errors: [] };
  const param = own !== undefined ? `${optionParam}.text` : "firstComment.text";
  const rule = validationRulesOf(platform).firstComment;
  if (!rule || "unsupported" in rule) {
    return {
      comment: null,
      errors: [
        {
          code: "first_comment_unsupported",
          param: own !== undefined ? optionParam : "firstComment",
          message: rule?.why ?? `${platform} has no first comments.`,
          fix: rule?.instead ?? `Turn it off for this target with \`${optionParam}: false\`.`,
        },
      ],
    };
  }
  const count = countText(comment.text, rule.counting);
  if (count > rule.maxLength) {
    return {
      comment: null,
      errors: [
        {
          code: "text_too_long",
          param,
          message: `The first comment is ${count} ${UNIT[rule.counting]}; ${platform} allows ${rule.maxLength} (${rule.source}).`,
          fix: `Shorten the first comment by at least ${count - rule.maxLength}, or give ${platform} its own with \`${optionParam}\`.`,
        },
      ],
    };
  }
  const media = comment.media ?? [];
  if (media.length === 0) return { comment: { text: comment.text }, errors: [] };
  const mediaParam = own !== undefined ? `${optionParam}.media` : "firstComment.media";
  const mediaErrors = checkCommentMedia(platform, rule, media, files, mediaParam, optionParam);
  return mediaErrors.length > 0 ? { comment: null, errors: mediaErrors } : { comment: { text: comment.text, media: [...media] }, errors: [] };
}

type SupportedRule = Exclude<FirstCommentRule, { unsupported: true }>;

/** The comment's files against the network's rule (`firstComment.media` in its rules.ts): the same check at validate and publish. */
function checkCommentMedia(platform: PlatformId, rule: SupportedRule, ids: readonly string[], files: ReadonlyMap<string, PublishMedia>, param: string, optionParam: string): Issue[] {
  const allowed = rule.media;
  if (!allowed) {
    return [
      {
        code: "first_comment_media_unsupported",
        param,
        message: `A first comment on ${platform} is text only: its comment API takes no files.`,
        fix: rule.mediaInstead ?? `Drop \`media\` from the first comment (put the files in the post), or give ${platform} its own text-only comment with \`${optionParam}\`.`,
      },
    ];
  }
  if (ids.length > allowed.maxItems) {
    return [
      {
        code: "field_invalid",
        param,
        message: `A first comment on ${platform} takes at most ${allowed.maxItems} file${allowed.maxItems === 1 ? "" : "s"} (${allowed.source}); this one has ${ids.length}.`,
        fix: `Keep ${allowed.maxItems} and move the rest into the post, or give ${platform} its own comment with \`${optionParam}\`.`,
      },
    ];
  }
  const issues: Issue[] = [];
  for (const [i, id] of ids.entries()) {
    const file = files.get(id);
    if (!file) continue;
    const cap = file.kind === "image" && allowed.imageMaxBytes !== undefined ? allowed.imageMaxBytes : allowed.maxBytes;
    if (!allowed.mimeTypes.includes(file.mimeType)) {
      issues.push({
        code: "media_type_unsupported",
        param: `${param}[${i}]`,
        message: `${id} is ${file.mimeType}; a first comment on ${platform} takes ${allowed.mimeTypes.join(", ")} (${allowed.source}).`,
        fix: `Attach a file of one of those types, or drop it from the comment.`,
      });
    } else if (cap !== null && file.bytes > cap) {
      issues.push({
        code: "media_too_large",
        param: `${param}[${i}]`,
        message: `${id} is ${file.bytes} bytes; a first comment's ${file.kind === "image" ? "image" : "file"} on ${platform} may be ${cap} (${allowed.source}).`,
        fix: "Attach a smaller file (POST /v1/media with a compressed copy).",
      });
    }
  }
  return issues;
}

function isComment(value: unknown): value is FirstCommentRequest {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const { text, media } = value as { text?: unknown; media?: unknown };
  const mediaOk = media === undefined || (Array.isArray(media) && media.length <= 10 && media.every((id) => typeof id === "string" && id.length > 0));
  return keys.every((k) => k === "text" || k === "media") && typeof text === "string" && text.trim().length > 0 && text.length <= 65_000 && mediaOk;
}

/** The `med_` ids a post's first comments name (the post's and each target's own), for the one media load that checks them. */
export function firstCommentMediaIds(post: FirstCommentRequest | null | undefined, platformOptions: Partial<Record<string, Record<string, unknown>>> | undefined): string[] {
  const own = Object.values(platformOptions ?? {}).flatMap((options) => {
    const comment = options?.[FIRST_COMMENT_OPTION];
    return isComment(comment) ? (comment.media ?? []) : [];
  });
  return [...(post?.media ?? []), ...own];
}

/** The options the network itself is sent: the first comment is Chorus's, never a network field. */
export function withoutFirstComment(options: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(options, FIRST_COMMENT_OPTION)) return options;
  const { [FIRST_COMMENT_OPTION]: _, ...rest } = options;
  return rest;
}
