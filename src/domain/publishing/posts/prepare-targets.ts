import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { PublishMedia, PublishRequest } from "../../../networks/publish-types.js";
import { adapterFor } from "../../../networks/registry.js";
import { blockedPlatforms } from "../../billing/index.js";
import type { DomainContext } from "../../core/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import type { AutoFixSetting } from "../../../db/schema/index.js";
import { autoFixOf, isAutoFixSetting, withoutAutoFix } from "../media/transforms/auto-fix.js";
import { planCover } from "../media/transforms/cover-plan.js";
import { inspectImages } from "../media/transforms/inspect.js";
import { transformAbility } from "../media/transforms/transform-ability.js";
import { checkWithAutoFix } from "./validation/auto-fix-check.js";
import { validationRulesOf } from "./validation/network-rules.js";
import { checkOptionMedia, loadOptionMedia } from "./validation/option-media.js";
import type { FirstCommentRequest } from "../../../db/schema/first-comment-columns.js";
import { checkFirstComment, firstCommentMediaIds, withoutFirstComment } from "./validation/first-comment-rule.js";

export interface PostContent {
  text: string;
  textOverrides?: Partial<Record<PlatformId, string>> | undefined;
  media?: string[] | undefined;
  mediaAlt?: string[] | undefined;
  mediaOverrides?: Partial<Record<PlatformId, string[]>> | undefined;
  mediaAltOverrides?: Partial<Record<PlatformId, string[]>> | undefined;
  platformOptions?: Partial<Record<PlatformId, Record<string, unknown>>> | undefined;
  /** Commented under each target's post once it is live (first-comment-rule.ts). */
  firstComment?: FirstCommentRequest | null | undefined;
  /** Derive the variant each network needs from the uploads (media/transforms/); `platformOptions.<network>.autoFix` wins per target. */
  autoFix?: AutoFixSetting | null | undefined;
}

export interface TargetIssue {
  code: string;
  param: string | null;
  message: string;
  fix: string | null;
}

export interface PreparedContent {
  account: SocialAccountRow;
  platform: PlatformId;
  text: string;
  media: PublishMedia[];
  options: Record<string, unknown>;
  /** Files named by options (YouTube `thumbnail`), checked, keyed by option. */
  attachments: Record<string, PublishMedia>;
  destination: string | null;
  /** The first comment this target posts once live, after its network's rule; null for none. */
  firstComment?: FirstCommentRequest | null;
  errors: TargetIssue[];
  warnings: TargetIssue[];
}

export type MediaLoader = (ids: string[]) => Promise<Map<string, PublishMedia>>;

/**
 * Applies the per-network overrides and runs exactly the checks publishing runs, per target:
 * the network's rules from its capabilities (text length the network's way, media kind, format,
 * size, pixels, aspect ratio, options) and the connection's state. `POST /v1/posts/validate`
 * stops here; publishing refuses the targets with errors and sends the others.
 */
export async function prepareTargets(ctx: DomainContext, accounts: SocialAccountRow[], content: PostContent, loadMedia: MediaLoader): Promise<PreparedContent[]> {
  const referenced = new Set<string>([...(content.media ?? []), ...Object.values(content.mediaOverrides ?? {}).flat(), ...firstCommentMediaIds(content.firstComment, content.platformOptions)]);
  const media = await loadMedia([...referenced]);
  const optionMedia = await loadOptionMedia(
    accounts.map((a) => a.platform),
    (platform) => withoutFirstComment(content.platformOptions?.[platform] ?? {}),
    loadMedia,
  );
  const blocked = blockedPlatforms(ctx.workspace, ctx.apiKey.mode);
  const excluded = accounts.filter((a) => blocked.includes(a.platform));
  if (excluded.length > 0) {
    throw new ApiError("entitlement_exceeded", {
      param: "platforms",
      platform: excluded[0]?.platform,
      message: `The plan does not include ${[...new Set(excluded.map((a) => a.platform))].join(", ")}.`,
    });
  }
  const anyAutoFix = accounts.some((a) => autoFixOf(content.autoFix, content.platformOptions?.[a.platform] ?? {}).on);
  const ability = transformAbility(ctx.services.mediaTransforms);
  const inspections = anyAutoFix ? await inspectImages(ctx, media.values(), ability) : new Map();
  return accounts.map((account) => {
    const platform = account.platform;
    const capabilities = adapterFor(platform).capabilities;
    const override = content.mediaOverrides?.[platform];
    const ids = override ?? content.media ?? [];
    const alts = (override ? content.mediaAltOverrides?.[platform] : content.mediaAlt) ?? [];
    const loaded = ids.flatMap((id, i) => {
      const item = media.get(id);
      return item ? [{ ...item, alt: alts[i] ?? item.alt }] : [];
    });
    const given = content.platformOptions?.[platform] ?? {};
    const options = withoutAutoFix(withoutFirstComment(given));
    const autoFixValid = given.autoFix === undefined || isAutoFixSetting(given.autoFix);
    const firstComment = checkFirstComment(platform, content.firstComment, given, media);
    // The option that names a destination inside the account (Facebook `pageId`), from the network's rules.
    const optionName = validationRulesOf(platform).destinationOption;
    const destinationValue = optionName ? options[optionName] : undefined;
    const text = content.textOverrides?.[platform] ?? content.text;
    const autoFix = autoFixValid ? autoFixOf(content.autoFix, given) : { on: false, settings: autoFixOf(false, {}).settings };
    const checked = checkWithAutoFix({
      platform,
      capabilities,
      text,
      textParam: content.textOverrides?.[platform] !== undefined ? `textOverrides.${platform}` : "text",
      media: loaded,
      autoFix,
      inspections,
      ability,
      mediaParam: override ? `mediaOverrides.${platform}` : "media",
      options,
      accountVariant: account.connectVariant,
      destination: typeof destinationValue === "string" ? destinationValue : null,
    });
    const { result, media: items } = checked;
    const issue = ({ code, param, message, fix }: TargetIssue): TargetIssue => ({ code, param, message, fix });
    const optionFiles = checkOptionMedia(platform, options, optionMedia);
    const ownCover = typeof given.autoFix === "object" && given.autoFix !== null && (given.autoFix as { coverAt?: number }).coverAt !== undefined;
    const cover =
      autoFix.on && autoFix.settings.coverAtMs !== null
        ? planCover({
            platform,
            atMs: autoFix.settings.coverAtMs,
            param: ownCover ? `platformOptions.${platform}.autoFix.coverAt` : "autoFix.coverAt",
            media: items,
            options,
            attachments: optionFiles.attachments,
            videoOff: ability.video(platform)?.reason ?? null,
          })
        : { options, attachments: optionFiles.attachments, errors: [], warnings: [] };
    const errors: TargetIssue[] = [...result.errors.map(issue), ...optionFiles.issues, ...firstComment.errors, ...cover.errors];
    if (!autoFixValid) {
      errors.push({
        code: "field_invalid",
        param: `platformOptions.${platform}.autoFix`,
        message: 'autoFix is true, false or { crop: "fit" | "fill", focalPoint: { x, y }, trim: boolean, coverAt: milliseconds } with x and y from 0 to 1 and coverAt a whole number from 0.',
        fix: "Send `true`, `false`, or an object of that shape.",
      });
    }
    if (account.status === "needs_reauth") {
      errors.unshift({
        code: "needs_reauth",
        param: "accounts",
        message: `The ${platform} connection of ${account.handle} expired.`,
        fix: "Reconnect the account through a connect link (POST /v1/connect-link); retrying does not help.",
      });
    }
    return {
      account,
      platform,
      text,
      media: items,
      options: cover.options,
      attachments: cover.attachments,
      destination: typeof destinationValue === "string" ? destinationValue : null,
      firstComment: firstComment.comment,
      errors,
      warnings: [...result.warnings.map(issue), ...cover.warnings],
    };
  });
}

/** What the adapter is sent for one prepared target: every publish path builds it here, so none drops a field. */
export function publishRequestOf(prepared: PreparedContent, targetId: string): PublishRequest {
  return {
    text: prepared.text,
    media: prepared.media,
    options: prepared.options,
    attachments: prepared.attachments,
    destination: prepared.destination,
    targetId,
    networkUserId: prepared.account.networkUserId,
  };
}
