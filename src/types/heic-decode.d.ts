// heic-decode 2.1.0 ships no types: its default export decodes the primary picture of a HEIC to RGBA.
declare module "heic-decode" {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel, rows top to bottom, turned by the file's `irot`/`imir`. */
    data: Uint8ClampedArray;
  }
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedHeic>;
  export default decode;
}
