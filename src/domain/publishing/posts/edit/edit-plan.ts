import { ApiError } from "../../../../infra/errors.js";
import type { EditableField } from "../../../../networks/facets/edit.js";
import { adapterFor } from "../../../../networks/registry.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import type { PreparedContent } from "../prepare-targets.js";
import type { PostRow, TargetRow } from "../post-view.js";
import { refusalOf } from "../target-refusal.js";

/** What PATCH /v1/posts/{id} may change once the post is live: the text and the networks' options. */
export interface PublishedChanges {
  text?: string | undefined;
  textOverrides?: Record<string, string> | undefined;
  platformOptions?: Record<string, Record<string, unknown>> | undefined;
}

export type EditTargetState = "pending" | "sending" | "edited" | "failed" | "unknown" | "unchanged" | "not_published";

export interface TargetEditPlan {
  targetId: string;
  state: "pending" | "failed" | "unchanged" | "not_published";
  changes: Partial<Record<EditableField, unknown>>;
  error: ApiError | null;
}

/** The post's content once the changes apply: overrides and options merge per network, as for drafts. */
export function mergedContent(post: PostRow, changes: PublishedChanges) {
  const platformOptions: Record<string, Record<string, unknown>> = { ...post.platformOptions };
  for (const [platform, options] of Object.entries(changes.platformOptions ?? {})) platformOptions[platform] = { ...(platformOptions[platform] ?? {}), ...options };
  return {
    text: changes.text ?? post.text,
    textOverrides: { ...post.textOverrides, ...(changes.textOverrides ?? {}) },
    platformOptions,
  };
}

/** The names of what a request changes, for the history: `text`, `textOverrides.linkedin`, `platformOptions.youtube.title`. */
export function changedFields(changes: PublishedChanges): string[] {
  const fields: string[] = [];
  if (changes.text !== undefined) fields.push("text");
  for (const platform of Object.keys(changes.textOverrides ?? {})) fields.push(`textOverrides.${platform}`);
  for (const [platform, options] of Object.entries(changes.platformOptions ?? {})) for (const name of Object.keys(options)) fields.push(`platformOptions.${platform}.${name}`);
  return fields;
}

const unsupported = (platform: PlatformId, param: string, editable: readonly string[]) =>
  new ApiError("edit_unsupported", {
    platform,
    param,
    message: editable.length === 0 ? `${platform} offers no way to change a published post through its API.` : `${platform} lets a published post change only: ${editable.join(", ")}.`,
  });

/**
 * A pre-publish check that still concerns a live post: the new text's length and the options'
 * values. Media checks are left out (the media cannot change, and the files may be gone), and so
 * is the first comment, which is already posted or not.
 */
const concernsEdit = (param: string | null | undefined) => !param || param === "text" || param.startsWith("textOverrides") || param.startsWith("platformOptions") || param === "accounts";
const mediaCheck = (code: string) => code.startsWith("media") || code.includes("first_comment");

/**
 * What one edit does on each target, before any call: nothing where the change does not concern
 * its network or it is not live there, a refusal where the network cannot change that field or
 * the new value breaks the network's rules, otherwise the network's fields with their new values.
 */
export function planTargets(targets: readonly TargetRow[], prepared: readonly PreparedContent[], changes: PublishedChanges): TargetEditPlan[] {
  return targets.map((target) => {
    const platform = target.platform;
    const live = target.state === "published" && target.networkPostId !== null;
    const wanted: Partial<Record<string, unknown>> = {};
    const p = prepared.find((x) => x.account.id === target.accountId);
    if (changes.text !== undefined || changes.textOverrides?.[platform] !== undefined) wanted.text = p?.text ?? changes.textOverrides?.[platform] ?? changes.text;
    for (const [name, value] of Object.entries(changes.platformOptions?.[platform] ?? {})) wanted[name] = value;
    const base = { targetId: target.id, changes: {} };
    if (Object.keys(wanted).length === 0) return { ...base, state: "unchanged", error: null };
    if (!live) return { ...base, state: "not_published", error: null };
    const editable: readonly string[] = adapterFor(platform).edit?.editable ?? [];
    const refused = Object.keys(wanted).find((name) => !editable.includes(name));
    if (refused) return { ...base, state: "failed", error: unsupported(platform, refused === "text" ? "text" : `platformOptions.${platform}.${refused}`, editable) };
    const issue = p?.errors.find((e) => concernsEdit(e.param) && !mediaCheck(e.code));
    if (!p) return { ...base, state: "failed", error: new ApiError("channel_gone", { platform, message: "The account was disconnected after the post was published." }) };
    if (issue) return { ...base, state: "failed", error: refusalOf(issue, platform) };
    return { ...base, state: "pending", changes: wanted as Partial<Record<EditableField, unknown>>, error: null };
  });
}
