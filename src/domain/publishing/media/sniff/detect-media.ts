import { type MediaKind, type MediaMimeType, kindOf } from "../media-formats.js";
import { type ByteSource, UnreadableMedia, ascii } from "./byte-source.js";
import { type PixelSize, readGifSize, readJpegSize, readPngSize, readWebpSize } from "./images.js";
import { verifyGif, verifyJpeg, verifyPng, verifyWebp } from "./image-structure.js";
import { readHeifFacts } from "./heif.js";
import { isoBrand, readVideoFacts } from "./iso-bmff.js";
import { isPdfHead, isZipHead, readOfficeDocument, readPdf } from "./documents.js";
import { countPdfPages } from "./pdf-pages.js";

/** What the bytes say a file is (a document has no pixel size: width and height are 0). */
export interface MediaFacts {
  mimeType: MediaMimeType;
  kind: MediaKind;
  width: number;
  height: number;
  durationSeconds: number | null;
  /** Documents: pages or slides where the file says (pdf-pages.ts, documents.ts); null otherwise. */
  pages: number | null;
}

/** Bytes enough to recognise every format (an MP4's `ftyp` box included). */
export const IDENTIFY_BYTES = 4096;

/**
 * The format from the file's first bytes (magic numbers, the RIFF form type, the MP4 `ftyp`
 * brands), or null when it is none we take. Cheap enough to run on the head of an upload before
 * the rest of it is read.
 */
export async function identifyMedia(source: ByteSource): Promise<MediaMimeType | "application/zip" | null> {
  const head = await source.read(0, 16);
  if (isPdfHead(head)) return "application/pdf";
  // Which Office document a ZIP is shows only in its central directory, at the end of the file.
  if (isZipHead(head)) return "application/zip";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head[0] === 0x89 && ascii(head, 1, 3) === "PNG") return "image/png";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "image/gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return "image/webp";
  return isoBrand(source);
}

type ImageMimeType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

const imageReaders: Record<ImageMimeType, (source: ByteSource) => Promise<PixelSize>> = {
  "image/jpeg": readJpegSize,
  "image/png": readPngSize,
  "image/gif": readGifSize,
  "image/webp": readWebpSize,
};

/** The structure behind the header, checked by lengths (image-structure.ts). */
const structureCheckers: Record<keyof typeof imageReaders, (source: ByteSource) => Promise<void>> = {
  "image/jpeg": verifyJpeg,
  "image/png": verifyPng,
  "image/gif": verifyGif,
  "image/webp": verifyWebp,
};

/** The format, size and (for video) duration, read from the bytes; UnreadableMedia when they make no sense, CorruptMedia when they end before the header says. */
export async function detectMedia(source: ByteSource): Promise<MediaFacts> {
  const mimeType = await identifyMedia(source);
  if (!mimeType) throw new UnreadableMedia("the bytes are not a JPEG, PNG, WebP, GIF, HEIC, MP4, MOV, PDF, DOCX or PPTX file");
  if (mimeType === "video/mp4" || mimeType === "video/quicktime") {
    return { mimeType, kind: "video", ...(await readVideoFacts(source)), pages: null };
  }
  if (mimeType === "image/heic") {
    const { width, height } = await readHeifFacts(source);
    return { mimeType, kind: "image", width, height, durationSeconds: null, pages: null };
  }
  if (mimeType === "application/pdf") {
    await readPdf(source);
    return { mimeType, kind: "document", width: 0, height: 0, durationSeconds: null, pages: await countPdfPages(source) };
  }
  if (
    mimeType === "application/zip" ||
    mimeType === "application/vnd.openxmlformats-officedocument.wordprocessingml.document" ||
    mimeType === "application/vnd.openxmlformats-officedocument.presentationml.presentation"
  ) {
    return { ...(await readOfficeDocument(source)), kind: "document", width: 0, height: 0, durationSeconds: null };
  }
  const size = await imageReaders[mimeType](source);
  await structureCheckers[mimeType](source);
  return { mimeType, kind: kindOf(mimeType), ...size, durationSeconds: null, pages: null };
}
