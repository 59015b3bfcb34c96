import sharp from "sharp";

/**
 * Real pictures for the transform tests, made by sharp at run time: a gradient (so a crop or a
 * turn shows in the pixels), written with the EXIF the case needs.
 */
async function gradient(width: number, height: number): Promise<sharp.Sharp> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      data[at] = Math.round((255 * x) / width);
      data[at + 1] = Math.round((255 * y) / height);
      data[at + 2] = 128;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength)) as Uint8Array<ArrayBuffer>;

/** A JPEG stored `width`x`height` with EXIF orientation 6 (shown turned 90°, `height`x`width`, as phones store portraits) and a GPS position. */
export async function rotatedPhoneJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const image = (await gradient(width, height)).withExif({
    IFD0: { Make: "TestPhone", Model: "Chorus 1" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
  });
  return bytes(await image.withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer());
}

export async function plainJpeg(width: number, height: number, quality = 90): Promise<Uint8Array<ArrayBuffer>> {
  return bytes(await (await gradient(width, height)).jpeg({ quality }).toBuffer());
}

export async function webp(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  return bytes(await (await gradient(width, height)).webp({ quality: 80 }).toBuffer());
}

export async function avif(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  return bytes(await (await gradient(width, height)).avif({ quality: 50 }).toBuffer());
}

/** A photo-sized JPEG of noise (compresses like a busy photo: several MB at quality 95), with EXIF GPS. */
export async function noisyPhoto(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const image = sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).withExif({
    IFD0: { Make: "TestPhone" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" },
  });
  return bytes(await image.jpeg({ quality: 95 }).toBuffer());
}
