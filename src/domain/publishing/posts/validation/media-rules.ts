import { altParam, type Ctx, error, formatBytes, formatName, formatToken, label, mediaFix, mediaParam, optionParam, plural, warn } from "./rule-context.js";

/** The rules on a target's media: presence, kinds, count, format, size, pixels, ratio, duration and alt text. */

export function mediaRequired(ctx: Ctx): void {
  if (ctx.items.length > 0 || ctx.documents.length > 0) return;
  const byPostType = ctx.postTypeRule?.mediaRequired === true;
  if (!ctx.caps.media.required && !byPostType) return;
  const message = ctx.caps.media.videoOnly
    ? `${ctx.name} publishes video only: the video file itself is required.`
    : byPostType && !ctx.caps.media.required
      ? `${ctx.name} ${ctx.postType} posts need media; ${ctx.name} cannot publish them as text alone.`
      : `${ctx.name} cannot publish text alone.`;
  error(ctx, "media.required", "media_required", mediaParam(ctx), message, mediaFix(ctx, `Attach ${ctx.caps.media.videoOnly ? "a video" : "an image or video"} (upload it with POST /v1/media)`));
}

export function mediaVideoOnly(ctx: Ctx): void {
  if (!ctx.caps.media.videoOnly || ctx.images.length === 0) return;
  ctx.refusedKinds.add("image");
  error(
    ctx,
    "media.videoOnly",
    "video_required",
    mediaParam(ctx),
    `${ctx.name} publishes video only; this post has ${plural(ctx.images.length, "image")}.`,
    mediaFix(ctx, "Attach a video instead of the images"),
  );
}

export function mediaPostTypeKinds(ctx: Ctx): void {
  const kinds = ctx.postTypeRule?.kinds;
  if (!kinds) return;
  const where = `${ctx.name} ${ctx.postType} posts`;
  if (ctx.images.length > 0 && !kinds.includes("image") && !ctx.refusedKinds.has("image")) {
    ctx.refusedKinds.add("image");
    error(
      ctx,
      "media.postTypeKinds",
      "image_not_supported",
      mediaParam(ctx),
      `${where} take no images.`,
      mediaFix(ctx, `Attach a video, or choose another \`${ctx.rules.postTypes?.option ?? "postType"}\``),
    );
  }
  if (ctx.videos.length > 0 && !kinds.includes("video") && !ctx.refusedKinds.has("video")) {
    ctx.refusedKinds.add("video");
    error(
      ctx,
      "media.postTypeKinds",
      "video_not_supported",
      mediaParam(ctx),
      `${where} take no video.`,
      mediaFix(ctx, `Attach images, or choose another \`${ctx.rules.postTypes?.option ?? "postType"}\``),
    );
  }
}

export function mediaKindNotAccepted(ctx: Ctx): void {
  const m = ctx.caps.media;
  if (ctx.images.length > 0 && m.maxImages === 0 && !ctx.refusedKinds.has("image")) {
    ctx.refusedKinds.add("image");
    error(ctx, "media.kindNotAccepted", "image_not_supported", mediaParam(ctx), `${ctx.name} takes no images.`);
  }
  if (ctx.videos.length > 0 && m.maxVideos === 0 && !ctx.refusedKinds.has("video")) {
    ctx.refusedKinds.add("video");
    error(ctx, "media.kindNotAccepted", "video_not_supported", mediaParam(ctx), `${ctx.name} takes no video.`, mediaFix(ctx, "Remove the video for this network, or post images"));
  }
}

export function mediaMixed(ctx: Ctx): void {
  if (ctx.caps.media.mixed || ctx.images.length === 0 || ctx.videos.length === 0) return;
  if (ctx.refusedKinds.has("image") || ctx.refusedKinds.has("video")) return;
  ctx.refusedKinds.add("video");
  error(ctx, "media.mixed", "video_not_supported", mediaParam(ctx), `${ctx.name} does not mix images and video in one post.`, mediaFix(ctx, "Post either the images or the video"));
}

export function mediaCount(ctx: Ctx): void {
  const m = ctx.caps.media;
  const images = ctx.refusedKinds.has("image") ? 0 : ctx.images.length;
  const videos = ctx.refusedKinds.has("video") ? 0 : ctx.videos.length;
  const before = ctx.errors.length;
  if (m.maxImages > 0 && images > m.maxImages) {
    error(
      ctx,
      "media.count",
      "field_invalid",
      mediaParam(ctx),
      `${ctx.name} takes at most ${plural(m.maxImages, "image")} in one post; this post has ${images}.`,
      mediaFix(ctx, `Keep at most ${m.maxImages}`),
    );
  }
  if (m.maxVideos > 0 && videos > m.maxVideos) {
    error(
      ctx,
      "media.count",
      "field_invalid",
      mediaParam(ctx),
      `${ctx.name} takes at most ${plural(m.maxVideos, "video")} in one post; this post has ${videos}.`,
      mediaFix(ctx, `Keep at most ${m.maxVideos}`),
    );
  }
  const maxItems = ctx.postTypeRule?.maxItems ?? ctx.rules.maxMediaItems;
  const total = images + videos;
  if (maxItems !== undefined && total > maxItems && ctx.errors.length === before) {
    const what = ctx.postTypeRule?.maxItems !== undefined ? `${ctx.name} ${ctx.postType} posts take` : `${ctx.name} takes`;
    error(ctx, "media.count", "field_invalid", mediaParam(ctx), `${what} at most ${plural(maxItems, "media item")}; this post has ${total}.`, mediaFix(ctx, `Keep at most ${maxItems}`));
  }
}

/** Files of kinds the post can take at all; per-file checks look only at these. */
export const checkedItems = (ctx: Ctx) => ctx.items.filter((item) => !ctx.refusedKinds.has(item.media.kind));

export function mediaFormat(ctx: Ctx): void {
  for (const item of checkedItems(ctx)) {
    const list = item.media.kind === "image" ? ctx.caps.media.imageFormats : ctx.caps.media.videoFormats;
    if (list.length === 0) continue;
    const accepted = [...new Set(list.map(formatToken))];
    const token = formatToken(item.media.mimeType);
    if (accepted.includes(token)) continue;
    error(
      ctx,
      "media.format",
      "media_type_unsupported",
      mediaParam(ctx),
      `${label(item)} is ${formatName(token)}; ${ctx.name} takes ${item.media.kind === "image" ? "images" : "video"} as ${accepted.map(formatName).join(", ")}.`,
      mediaFix(ctx, `Convert the file to ${accepted.map(formatName).join(" or ")}`),
    );
  }
}

export function mediaBytes(ctx: Ctx): void {
  for (const item of checkedItems(ctx)) {
    const max = item.media.kind === "image" ? ctx.caps.media.maxImageBytes : ctx.caps.media.maxVideoBytes;
    if (max === null || item.media.bytes <= max) continue;
    error(
      ctx,
      "media.bytes",
      "media_too_large",
      mediaParam(ctx),
      `${label(item)} is ${formatBytes(item.media.bytes)}; ${ctx.name} takes ${item.media.kind === "image" ? "images" : "videos"} up to ${formatBytes(max)}.`,
      `Compress or resize the file below ${formatBytes(max)}.`,
    );
  }
}

export function mediaMaxDimensions(ctx: Ctx): void {
  const { maxWidth, maxHeight } = ctx.caps.media;
  if (maxWidth === null && maxHeight === null) return;
  for (const item of checkedItems(ctx)) {
    const { kind, width, height } = item.media;
    if (kind !== "image" || width === null || height === null) continue;
    if ((maxWidth === null || width <= maxWidth) && (maxHeight === null || height <= maxHeight)) continue;
    const bound = `${maxWidth ?? "any"}x${maxHeight ?? "any"}`;
    error(
      ctx,
      "media.maxDimensions",
      "image_too_large",
      mediaParam(ctx),
      `${label(item)} is ${width}x${height}; ${ctx.name} takes images up to ${bound} pixels.`,
      `Resize the image to at most ${bound} pixels.`,
    );
  }
}

export function mediaMinDimensions(ctx: Ctx): void {
  const { minWidth, minHeight } = ctx.caps.media;
  if (minWidth === null && minHeight === null) return;
  for (const item of checkedItems(ctx)) {
    const { kind, width, height } = item.media;
    if (kind !== "image" || width === null || height === null) continue;
    if ((minWidth === null || width >= minWidth) && (minHeight === null || height >= minHeight)) continue;
    const bound = minHeight === null ? `${minWidth} pixels wide` : minWidth === null ? `${minHeight} pixels high` : `${minWidth}x${minHeight} pixels`;
    error(ctx, "media.minDimensions", "image_too_small", mediaParam(ctx), `${label(item)} is ${width}x${height}; ${ctx.name} needs images of at least ${bound}.`, `Use an image of at least ${bound}.`);
  }
}

/** Ratios are compared with 0.1% slack, so a crop one pixel off 4:5 or 1.91:1 is not refused. */
export const RATIO_SLACK = 0.001;
/** 0.8 → "4:5", 0.75 → "3:4", 1.91 → "1.91:1", 1/2.4 → "1:2.4": small whole ratios as such, others against 1. */
export function ratioText(r: number): string {
  for (let b = 1; b <= 10; b++) {
    const a = r * b;
    if (Math.abs(a - Math.round(a)) < 1e-9 && Math.round(a) >= 1 && Math.round(a) <= 10) return `${Math.round(a)}:${b}`;
  }
  return r >= 1 ? `${+r.toFixed(2)}:1` : `1:${+(1 / r).toFixed(2)}`;
}

export function mediaAspectRatio(ctx: Ctx): void {
  const bounds = ctx.caps.media.aspectRatio;
  if (bounds === null || ctx.postTypeRule?.aspectRatio === false) return;
  const appliesTo = ctx.rules.aspectRatioAppliesTo ?? "both";
  for (const item of checkedItems(ctx)) {
    const { kind, width, height } = item.media;
    if (appliesTo !== "both" && appliesTo !== kind) continue;
    if (width === null || height === null || width <= 0 || height <= 0) continue;
    const ratio = width / height;
    if (ratio >= bounds.min * (1 - RATIO_SLACK) && ratio <= bounds.max * (1 + RATIO_SLACK)) continue;
    const range = `${ratioText(bounds.min)} and ${ratioText(bounds.max)}`;
    error(
      ctx,
      "media.aspectRatio",
      "aspect_ratio_unsupported",
      mediaParam(ctx),
      `${label(item)} is ${width}x${height} (${ratioText(ratio)}); ${ctx.name} takes ${kind === "image" ? "images" : "videos"} between ${range}.`,
      `Crop the ${kind} to a ratio between ${range}.`,
    );
  }
}

export function mediaDuration(ctx: Ctx): void {
  const min = ctx.postTypeRule?.minVideoSeconds ?? ctx.caps.media.minVideoSeconds;
  const max = ctx.postTypeRule?.maxVideoSeconds ?? ctx.caps.media.maxVideoSeconds;
  const where = ctx.postTypeRule?.maxVideoSeconds !== undefined || ctx.postTypeRule?.minVideoSeconds !== undefined ? `${ctx.name} ${ctx.postType} posts take` : `${ctx.name} takes`;
  for (const item of checkedItems(ctx)) {
    const seconds = item.media.durationSeconds;
    if (item.media.kind !== "video" || seconds === null) continue;
    if (min !== null && seconds < min) {
      error(ctx, "media.duration", "field_invalid", mediaParam(ctx), `${label(item)} lasts ${seconds} s; ${where} videos of at least ${min} s.`, mediaFix(ctx, `Use a video of at least ${min} s`));
    } else if (max !== null && seconds > max) {
      error(ctx, "media.duration", "field_invalid", mediaParam(ctx), `${label(item)} lasts ${seconds} s; ${where} videos up to ${max} s.`, mediaFix(ctx, `Trim the video to ${max} s or less`));
    }
  }
}

export function mediaAccountKindVideo(ctx: Ctx): void {
  const kinds = ctx.rules.videoUnsupportedForAccountKinds;
  if (!kinds || ctx.accountKind === null || !kinds.includes(ctx.accountKind)) return;
  const first = ctx.videos[0];
  if (!first || ctx.refusedKinds.has("video")) return;
  ctx.refusedKinds.add("video");
  error(ctx, "media.accountKindVideo", "prof_video_unsupported", mediaParam(ctx), `${label(first)} is a video, and video posts to a ${ctx.accountKind} ${ctx.name} profile are not accepted.`);
}

export function mediaAltText(ctx: Ctx): void {
  const alt = ctx.rules.altText;
  if (!alt) return;
  if (alt.option && typeof ctx.input.options[alt.option] === "string" && String(ctx.input.options[alt.option]).trim() !== "") return;
  const missing = checkedItems(ctx).filter((item) => item.media.kind === "image" && (item.media.alt ?? "").trim() === "");
  if (missing.length === 0) return;
  const where = alt.option ? ` (or \`${optionParam(ctx, alt.option)}\`)` : "";
  warn(
    ctx,
    "media.altText",
    "alt_text_missing",
    altParam(ctx),
    `${plural(missing.length, "image")} ha${missing.length === 1 ? "s" : "ve"} no alt text (${missing.map(label).join(", ")}); ${ctx.name} shows alt text to people using screen readers.`,
    `Describe each image in \`${altParam(ctx)}\`${where}.`,
  );
}

export function mediaSameDimensions(ctx: Ctx): void {
  if (!ctx.rules.sameImageDimensions || ctx.refusedKinds.has("image")) return;
  const sizes = new Set(ctx.images.filter((i) => i.media.width !== null && i.media.height !== null).map((i) => `${i.media.width}x${i.media.height}`));
  if (sizes.size <= 1) return;
  warn(
    ctx,
    "media.sameDimensions",
    "field_invalid",
    mediaParam(ctx),
    `${ctx.name} expects every image of a multi-image post to have the same dimensions; these have ${[...sizes].join(", ")}.`,
    mediaFix(ctx, "Crop the images to one size"),
  );
}
