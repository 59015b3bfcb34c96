import { type Ctx, error, formatBytes, formatName, formatToken, label, mediaFix, mediaParam, optionParam, plural } from "./rule-context.js";
import { RATIO_SLACK, checkedItems, ratioText } from "./media-rules.js";

/** The media rules of particular formats: post types narrower than the network (YouTube Shorts) and document posts (LinkedIn). */

/** A post type that is only what it is in some shapes (a YouTube Short is square or taller). */
export function mediaPostTypeAspectRatio(ctx: Ctx): void {
  const widest = ctx.postTypeRule?.maxAspectRatio;
  if (widest === undefined) return;
  for (const item of checkedItems(ctx)) {
    const { kind, width, height } = item.media;
    if (width === null || height === null || width <= 0 || height <= 0) continue;
    const ratio = width / height;
    if (ratio <= widest * (1 + RATIO_SLACK)) continue;
    error(
      ctx,
      "media.aspectRatio",
      "aspect_ratio_unsupported",
      mediaParam(ctx),
      `${label(item)} is ${width}x${height} (${ratioText(ratio)}); ${ctx.name} ${ctx.postType} posts take ${kind === "image" ? "images" : "videos"} no wider than ${ratioText(widest)}.`,
      mediaFix(ctx, `Crop the ${kind} to ${ratioText(widest)} or taller, or choose another \`${ctx.rules.postTypes?.option ?? "postType"}\``),
    );
  }
}

/**
 * Documents (PDF, DOCX, PPTX): only a network whose rules name them takes one, alone, within its
 * formats and size, with the title its post shows (LinkedIn document posts).
 */
export function mediaDocument(ctx: Ctx): void {
  const [first] = ctx.documents;
  if (!first) return;
  const rule = ctx.rules.documents;
  if (!rule) {
    error(
      ctx,
      "media.document",
      "media_type_unsupported",
      mediaParam(ctx),
      `${ctx.name} takes no documents; ${label(first)} is ${formatName(formatToken(first.media.mimeType))}.`,
      mediaFix(ctx, "Remove the document for this network"),
    );
    return;
  }
  if (ctx.documents.length > 1 || ctx.items.length > 0) {
    error(
      ctx,
      "media.document",
      "field_invalid",
      mediaParam(ctx),
      `A ${ctx.name} document post is one document alone; this post has ${plural(ctx.documents.length + ctx.items.length, "file")}.`,
      mediaFix(ctx, "Attach the one document alone"),
    );
    return;
  }
  if (!rule.mimeTypes.some((m) => formatToken(m) === formatToken(first.media.mimeType))) {
    error(
      ctx,
      "media.document",
      "media_type_unsupported",
      mediaParam(ctx),
      `${ctx.name} takes ${rule.mimeTypes.map((m) => formatName(formatToken(m))).join(", ")} documents; ${label(first)} is ${formatName(formatToken(first.media.mimeType))}.`,
      mediaFix(ctx, "Convert the document to PDF"),
    );
  }
  if (first.media.bytes > rule.maxBytes) {
    error(
      ctx,
      "media.document",
      "media_too_large",
      mediaParam(ctx),
      `${label(first)} is ${formatBytes(first.media.bytes)}; ${ctx.name} takes documents up to ${formatBytes(rule.maxBytes)}.`,
      mediaFix(ctx, "Compress the document or split it"),
    );
  }
  // Pages as counted at upload (a PDF's page tree, a PPTX's slides); a Word file's are unknown and left to the network.
  const pages = first.media.pages ?? null;
  if (rule.maxPages !== undefined && pages !== null && pages > rule.maxPages) {
    error(
      ctx,
      "media.document",
      "document_too_many_pages",
      mediaParam(ctx),
      `${label(first)} has ${pages} pages; ${ctx.name} takes documents of up to ${rule.maxPages} pages.`,
      mediaFix(ctx, `Split the document into parts of at most ${rule.maxPages} pages`),
    );
  }
  const title = ctx.input.options[rule.titleOption];
  if (typeof title !== "string" || title.trim() === "") {
    error(
      ctx,
      "media.document",
      "option_invalid",
      optionParam(ctx, rule.titleOption),
      `A ${ctx.name} document post shows a title, and ${ctx.name} requires one.`,
      `Set \`${optionParam(ctx, rule.titleOption)}\` to the document's title.`,
    );
  }
}
