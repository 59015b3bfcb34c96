/**
 * What the runtime can do to a media file before it goes to a network. The Node server gives
 * sharp (images) and FFmpeg (video) when they load; the Worker gives Cloudflare's Images binding
 * for images when bound, never video. What is missing, or a format the image engine does not
 * read, the domain refuses with `transform_unavailable` and says why (docs/media-transforms.md).
 */

/** The picture a network gets: format, exact size, how the source is fitted, a byte cap. */
export interface ImageRecipe {
  format: "jpeg" | "png";
  width: number;
  height: number;
  /** `fill` crops the source to the target's ratio around `focal`; `fit` keeps all of it and pads. */
  crop: "fit" | "fill";
  /** Where the crop centres, as fractions of the (oriented) source: 0,0 top left, 1,1 bottom right. */
  focal: { x: number; y: number };
  /** Encoder quality is lowered until the file is at most this many bytes; null for no cap. */
  maxBytes: number | null;
}

/** What a header read of an image says, without decoding its pixels. */
export interface ImageInspection {
  /** Width and height as shown, after the EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation 2-8: the stored pixels are turned or mirrored. */
  rotated: boolean;
  /** EXIF, XMP or IPTC blocks (location, camera serial): stripped by any transform. */
  hasMetadata: boolean;
  hasAlpha: boolean;
}

export interface TransformedFile {
  bytes: Uint8Array;
  mimeType: string;
  width: number;
  height: number;
}

/** Thrown for a file the engine cannot decode or that is over the pixel ceiling; the domain maps it to `media_corrupt`. */
export class TransformInputError extends Error {}

/**
 * The runtime's engine cannot read this format at all (HEIC through Cloudflare's Images
 * binding): the domain answers `transform_unavailable` with `fix`, not `transform_failed`.
 */
export class TransformUnsupportedError extends TransformInputError {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = "TransformUnsupportedError";
  }
}

export interface ImageTransformer {
  /** The engine in words, for refusals: "Cloudflare's Images binding, which transforms images on Workers". */
  readonly name: string;
  /**
   * The upload formats (MIME types) the engine decodes. The runtime says it once here; the domain
   * reads it when it plans a transform (media/transforms/transform-ability.ts), so
   * `POST /v1/posts/validate` and publishing refuse another format alike, before the engine runs.
   */
  readonly reads: readonly string[];
  /** What the caller can do about a format outside `reads` (the `fix` of that refusal). */
  readonly unreadableFix: string;
  inspect(input: Uint8Array): Promise<ImageInspection>;
  /** One output per recipe, in order; the source is decoded once for all of them. */
  transform(input: Uint8Array, recipes: readonly ImageRecipe[]): Promise<TransformedFile[]>;
}

/** The video a network gets: H.264/AAC MP4 of exactly this size (the plan keeps the source's ratio). */
export interface VideoRecipe {
  maxWidth: number;
  maxHeight: number;
  /** Video bitrate in kbit/s. */
  videoKbps: number;
  /** Cut to this many seconds, only when the caller asked for trimming; null keeps the whole clip. */
  trimSeconds: number | null;
}

/** A transcoded file waiting to be stored; `dispose` removes it from the scratch space. */
export interface TranscodedVideo {
  width: number;
  height: number;
  bytes: number;
  body(): ReadableStream<Uint8Array>;
  dispose(): Promise<void>;
}

/** One frame of a video as a JPEG cover: the frame at `atMs`, scaled within the box (never up), under `maxBytes`. */
export interface FrameRecipe {
  atMs: number;
  maxWidth: number;
  maxHeight: number;
  maxBytes: number;
}

export interface VideoTransformer {
  /** Transcodes the clip, streamed from `input` through a scratch file and FFmpeg (never whole in memory). */
  transcode(input: ReadableStream<Uint8Array>, recipe: VideoRecipe): Promise<TranscodedVideo>;
  /** The frame at `recipe.atMs` as a JPEG without metadata; TransformInputError when the clip does not decode or is shorter. */
  frame(input: ReadableStream<Uint8Array>, recipe: FrameRecipe): Promise<TransformedFile>;
}

export interface MediaTransforms {
  images: ImageTransformer | null;
  video: VideoTransformer | null;
  /** Why a kind is off on this runtime (shown in `transform_unavailable`); set exactly when its transformer is null. */
  off: { images?: string; video?: string };
}

export const noTransforms = (why: string): MediaTransforms => ({ images: null, video: null, off: { images: why, video: why } });
