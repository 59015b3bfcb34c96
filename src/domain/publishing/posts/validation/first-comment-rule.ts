import type { FirstCommentRequest } from "../../../../db/schema/first-comment-columns.js";
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
export function checkFirstComment(platform: PlatformId, post: FirstCommentRequest | null | undefined, options: Record<string, unknown>): FirstCommentCheck {
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
          message: `${optionParam} must be { "text": "…" } or false.`,
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
  return { comment: { text: comment.text }, errors: [] };
}

function isComment(value: unknown): value is FirstCommentRequest {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const text = (value as { text?: unknown }).text;
  return keys.length === 1 && typeof text === "string" && text.trim().length > 0 && text.length <= 65_000;
}

/** The options the network itself is sent: the first comment is Chorus's, never a network field. */
export function withoutFirstComment(options: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(options, FIRST_COMMENT_OPTION)) return options;
  const { [FIRST_COMMENT_OPTION]: _, ...rest } = options;
  return rest;
}
