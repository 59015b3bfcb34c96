import type { NetworkCapabilities } from "../networks/capabilities-schema.js";
import type { PlatformId } from "../types/platform-ids.js";
import { adapters, platformIds } from "../networks/registry.js";
import { validationRulesOf } from "../domain/publishing/index.js";

/**
 * `platformOptions` typed per network for the document: one component per network
 * (`BlueskyOptions`, …) and `PlatformOptions` holding one optional property per network. They are
 * built from the same capability records (`options`) and network rules (bounds) that publishing
 * checks options against, so the document and the checks cannot disagree. The request itself keeps
 * a loose shape on purpose: a bad option is refused per target (`option_invalid`), not per request.
 */

type JsonSchema = Record<string, unknown>;
type OptionSpec = NetworkCapabilities["options"][string];

export const PLATFORM_OPTIONS_COMPONENT = "PlatformOptions";

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** `bluesky` → `BlueskyOptions`. */
export const optionsComponentName = (platform: PlatformId) => `${pascal(platform)}Options`;

/**
 * An integer's bounds, said in words rather than as `minimum`/`maximum`: a value out of range is
 * a per-target `option_invalid` (in a 200 from validate, a failed target from publish), not a
 * refused request, and a JSON Schema bound would tell clients and validators the opposite.
 */
function rangeText(min: number | undefined, max: number | undefined): string | null {
  if (min === undefined && max === undefined) return null;
  const range = min !== undefined && max !== undefined ? `from ${min} to ${max}` : min !== undefined ? `at least ${min}` : `at most ${max}`;
  return `Takes ${range}; outside that range the target fails with \`option_invalid\` (the request itself is accepted).`;
}

function objectSchema(fields: NonNullable<OptionSpec["fields"]>): JsonSchema {
  const entries = Object.entries(fields);
  const required = entries.filter(([, f]) => f.required).map(([name]) => name);
  return {
    properties: Object.fromEntries(entries.map(([name, f]) => [name, { type: "string", description: f.description, ...(f.values ? { enum: f.values } : {}) }])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function optionSchema(platform: PlatformId, field: string, spec: OptionSpec): JsonSchema {
  const rule = validationRulesOf(platform).options?.[field];
  const range = spec.type === "integer" ? rangeText(rule?.min, rule?.max) : null;
  const description = [spec.description, range, spec.required ? "Required when posting to this network." : null].filter((part) => part !== null).join(" ");
  const schema: JsonSchema = { type: spec.type, description };
  if (spec.type === "array") schema.items = spec.values ? { type: "string", enum: spec.values } : {};
  else if (spec.values) schema.enum = spec.values;
  if (spec.type === "object" && spec.fields) Object.assign(schema, objectSchema(spec.fields));
  if (spec.maxLength !== undefined && spec.type === "string") schema.maxLength = spec.maxLength;
  if (rule?.minLength !== undefined && spec.type === "string") schema.minLength = rule.minLength;
  return schema;
}

function networkOptions(platform: PlatformId): JsonSchema {
  const caps = adapters[platform].capabilities;
  const entries = Object.entries(caps.options as Record<string, OptionSpec>);
  return {
    type: "object",
    description: `\`platformOptions.${platform}\`: options for ${caps.name}. Checked per target when publishing; an unknown option or a bad value fails that target with \`option_invalid\`. GET /v1/platforms/${platform} lists them too.`,
    properties: { ...Object.fromEntries(entries.map(([field, spec]) => [field, optionSchema(platform, field, spec)])), ...firstCommentOption(platform), ...autoFixOption(platform, caps.name) },
    additionalProperties: false,
  };
}

/** The components to add to the document's `components.schemas`. */
export function platformOptionsComponents(): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = {
    [PLATFORM_OPTIONS_COMPONENT]: {
      type: "object",
      description: "Per-network options by platform id; each network's fields are its own schema.",
      properties: Object.fromEntries(platformIds.map((id) => [id, { $ref: `#/components/schemas/${optionsComponentName(id)}` }])),
      additionalProperties: false,
    },
  };
  for (const id of platformIds) components[optionsComponentName(id)] = networkOptions(id);
  return components;
}

/** `platformOptions.<network>.firstComment`: the target's own first comment, or false for none (first-comment-rule.ts). */
function firstCommentOption(platform: PlatformId): Record<string, JsonSchema> {
  const rule = validationRulesOf(platform).firstComment;
  const where =
    !rule || "unsupported" in rule
      ? `${rule && "why" in rule ? rule.why : "Not available."} Only \`false\` (or null) is accepted without a refusal.`
      : `At most ${rule.maxLength} ${rule.counting} (${rule.source}). ${
          rule.media
            ? `\`media\`: up to ${rule.media.maxItems} of ${rule.media.mimeTypes.join(", ")}, ${rule.media.maxBytes} bytes each (${rule.media.source}).`
            : "Text only: `media` is refused with `first_comment_media_unsupported`."
        }`;
  return {
    firstComment: {
      description: `This target's own first comment, instead of the post's \`firstComment\`; \`false\` or null posts none here. ${where}`,
      oneOf: [
        { type: "object", properties: { text: { type: "string" }, media: { type: "array", items: { type: "string" }, maxItems: 10 } }, required: ["text"], additionalProperties: false },
        { type: "boolean", enum: [false] },
        { type: "null" },
      ],
    },
  };
}

/** `platformOptions.<network>.autoFix`: the post's `autoFix` for this target only (media/transforms/auto-fix.ts). */
function autoFixOption(platform: PlatformId, name: string): Record<string, JsonSchema> {
  const fraction = { type: "number", minimum: 0, maximum: 1 };
  return {
    autoFix: {
      description: `Whether ${name} gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's \`autoFix\`; \`false\` sends the uploads unchanged here. Same shape as the post's \`autoFix\`. Chorus's own: never sent to the network (platform ${platform}).`,
      oneOf: [
        { type: "boolean" },
        {
          type: "object",
          properties: {
            crop: { type: "string", enum: ["fit", "fill"] },
            focalPoint: { type: "object", properties: { x: fraction, y: fraction }, required: ["x", "y"], additionalProperties: false },
            trim: { type: "boolean" },
            coverAt: { type: "integer", minimum: 0, description: "Video: the cover is the frame this many milliseconds in (see the post's `autoFix.coverAt`)." },
          },
          additionalProperties: false,
        },
      ],
    },
  };
}
