import { heicFileFacts, isHeicFile } from "../domain/publishing/index.js";
import type { RawPicture } from "./jpeg-fit.js";

/**
 * HEIC pictures (HEVC inside HEIF, as phones store photos) decoded by libheif compiled to
 * WebAssembly (npm `heic-decode`): sharp's prebuilt libvips carries libheif with the AV1 codec
 * only, so it reads AVIF but refuses HEVC. The decode turns the picture by the file's `irot`
 * and `imir` boxes, as HEIF readers must; EXIF and XMP items are not carried into the pixels.
 */

export const isHeic = isHeicFile;
export const heicFacts = heicFileFacts;

/**
 * The picture as RGBA pixels (RGB when every pixel is opaque, so a photo is not mistaken for a
 * picture with transparency). The size is checked against `pixelCeiling` from the boxes before
 * anything is decoded: a HEIC claiming a billion pixels is refused, not decoded.
 */
export async function decodeHeic(input: Uint8Array, pixelCeiling: number): Promise<RawPicture> {
  const facts = await heicFacts(input);
  if (facts.width * facts.height > pixelCeiling) throw new Error(`the HEIC is ${facts.width}x${facts.height}, over the ${pixelCeiling.toLocaleString("en-US")}-pixel ceiling`);
  const { default: decode } = await import("heic-decode");
  const picture = await decode({ buffer: input });
  const rgba = Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.byteLength);
  let opaque = true;
  for (let at = 3; at < rgba.length; at += 4) {
    if (rgba[at] !== 255) {
      opaque = false;
      break;
    }
  }
  if (!opaque) return { data: rgba, width: picture.width, height: picture.height, channels: 4 };
  const rgb = Buffer.allocUnsafe(picture.width * picture.height * 3);
  for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3) {
    rgb[to] = rgba[from] as number;
    rgb[to + 1] = rgba[from + 1] as number;
    rgb[to + 2] = rgba[from + 2] as number;
  }
  return { data: rgb, width: picture.width, height: picture.height, channels: 3 };
}
