import { ApiError } from "../../infra/errors.js";
import type { PublishMedia } from "../publish-types.js";
import type { UploadedAsset } from "./media-upload.js";

/** `platformOptions.linkedin` with the shapes the capabilities describe, and the Posts API body built from it. */
export interface LinkedinPostOptions {
  author: string | null;
  visibility: "PUBLIC" | "CONNECTIONS" | "LOGGED_IN";
  feedDistribution: "MAIN_FEED" | "NONE";
  disableReshare: boolean;
  article: { source: string; title: string; description: string | null } | null;
  mediaTitle: string | null;
}

const invalid = (name: string, message: string) => new ApiError("option_invalid", { param: `platformOptions.linkedin.${name}`, platform: "linkedin", message, beforeExecution: true });

function text(options: Record<string, unknown>, name: string): string | null {
  const value = options[name];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw invalid(name, `${name} must be a string.`);
  return value.trim();
}

function oneOf<T extends string>(options: Record<string, unknown>, name: string, values: readonly T[], fallback: T): T {
  const value = text(options, name);
  if (value === null) return fallback;
  const found = values.find((allowed) => allowed === value);
  if (!found) throw invalid(name, `${name} must be one of ${values.join(", ")}.`);
  return found;
}

export function readPostOptions(options: Record<string, unknown>, media: PublishMedia[]): LinkedinPostOptions {
  const disableReshare = options.disableReshare ?? false;
  if (typeof disableReshare !== "boolean") throw invalid("disableReshare", "disableReshare must be true or false.");
  const articleUrl = text(options, "articleUrl");
  const articleTitle = text(options, "articleTitle");
  let article: LinkedinPostOptions["article"] = null;
  if (articleUrl) {
    // LinkedIn does not read the page: the card shows only what the post sends.
    if (!articleTitle) throw invalid("articleTitle", "articleTitle is required with articleUrl: LinkedIn does not fetch the page's title.");
    if (!/^https?:\/\/\S+$/.test(articleUrl)) throw invalid("articleUrl", "articleUrl must be an http(s) URL.");
    if (media.length > 0) throw invalid("articleUrl", "A post carries either media or an article card, not both.");
    article = { source: articleUrl, title: articleTitle, description: text(options, "articleDescription") };
  }
  const videos = media.filter((m) => m.kind === "video").length;
  const documents = media.filter((m) => m.kind === "document").length;
  if (videos > 1 || documents > 1 || ((videos === 1 || documents === 1) && media.length > 1)) {
    throw new ApiError("field_invalid", { param: "media", platform: "linkedin", message: "LinkedIn takes one video or one document alone, or up to 20 images.", beforeExecution: true });
  }
  // Documents API: the post shows the document under its title, and LinkedIn requires one.
  if (documents === 1 && !text(options, "mediaTitle")) throw invalid("mediaTitle", "A LinkedIn document post needs mediaTitle, the title shown with the document.");
  return {
    author: text(options, "author"),
    visibility: oneOf(options, "visibility", ["PUBLIC", "CONNECTIONS", "LOGGED_IN"] as const, "PUBLIC"),
    feedDistribution: oneOf(options, "feedDistribution", ["MAIN_FEED", "NONE"] as const, "MAIN_FEED"),
    disableReshare,
    article,
    mediaTitle: text(options, "mediaTitle"),
  };
}

/** `content` of the post: one image or video as `media`, several images as `multiImage`, or an article card. */
function content(media: PublishMedia[], assets: UploadedAsset[], options: LinkedinPostOptions): Record<string, unknown> | null {
  const alt = (i: number) => media[i]?.alt ?? null;
  if (assets.length === 1) {
    const [asset] = assets;
    if (!asset) return null;
    const altText = asset.kind === "image" ? alt(0) : null;
    return { media: { id: asset.urn, ...(options.mediaTitle ? { title: options.mediaTitle } : {}), ...(altText ? { altText } : {}) } };
  }
  if (assets.length > 1) {
    return { multiImage: { images: assets.map((asset, i) => ({ id: asset.urn, ...(alt(i) ? { altText: alt(i) } : {}) })) } };
  }
  if (options.article) {
    const { source, title, description } = options.article;
    return { article: { source, title, ...(description ? { description } : {}) } };
  }
  return null;
}

export function postBody(author: string, commentary: string, media: PublishMedia[], assets: UploadedAsset[], options: LinkedinPostOptions): Record<string, unknown> {
  const attached = content(media, assets, options);
  return {
    author,
    commentary,
    visibility: options.visibility,
    distribution: { feedDistribution: options.feedDistribution, targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: options.disableReshare,
    ...(attached ? { content: attached } : {}),
  };
}
