/** What is kept beside a stored file: the type it is served with. */
export interface MediaObjectMeta {
  contentType: string;
}

/** A byte range inside a stored file: `length` bytes from `offset`. */
export interface ByteRange {
  offset: number;
  length: number;
}

/** A stored file (or the requested range of it) as a stream, with the size of the whole file. */
export interface MediaObject {
  body: ReadableStream<Uint8Array>;
  /** Size of the whole file, whatever range was asked for. */
  size: number;
  contentType: string;
}

/**
 * Where uploaded media files live: files under `<CHORUS_DATA_DIR>/media/` on Node, an R2 bucket
 * on Workers. Keys are `[A-Za-z0-9_-]` segments joined by `/`.
 *
 * `put` consumes the stream to its end; when the stream errors (the upload went over its size
 * cap, or the client went away) it stores nothing and rejects with that same error, so the
 * caller's own error (e.g. `body_too_large`) reaches the client unchanged.
 */
export interface MediaStorage {
  put(key: string, body: ReadableStream<Uint8Array> | Uint8Array, meta: MediaObjectMeta): Promise<{ size: number }>;
  /** The file, or `range` of it; null when no file has this key. A range past the end is cut at the end. */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The keys of the files directly in `folder` (one segment deeper, not in its sub-folders), in
   * no particular order; none when it holds none. For a folder of short-lived files whose names
   * say when they were made (a dry run's probes), so a sweep can remove those a crash left.
   */
  list(folder: string): Promise<string[]>;
  /** Files sent in parts (upload sessions): each part stored as it arrives, joined into `key` at the end. */
  multipart: MultipartStorage;
}

/** A part as stored: its number and the storage's tag for it (R2 needs the tags to complete). */
export interface StoredPart {
  number: number;
  etag: string;
}

/**
 * A multipart upload into `key`: Node keeps each part as a file and joins them at the end; R2
 * keeps them in its own multipart upload (the binding's API). A part put again replaces the
 * earlier one. `put` consumes the stream and rejects, storing nothing, when it errors or when it
 * does not hold exactly `length` bytes.
 */
export interface MultipartStorage {
  create(key: string, meta: MediaObjectMeta): Promise<{ uploadId: string }>;
  put(key: string, uploadId: string, number: number, body: ReadableStream<Uint8Array>, length: number): Promise<StoredPart>;
  /** Joins the parts, in the order given, into the file under `key`. */
  complete(key: string, uploadId: string, parts: StoredPart[]): Promise<{ size: number }>;
  /** Drops every part; aborting twice or after completion is not an error. */
  abort(key: string, uploadId: string): Promise<void>;
  /**
   * Set when the client may send parts straight to storage (R2 with S3 API credentials): a
   * presigned PUT URL per part, valid `expiresSeconds` from `now`. Chorus never sees those parts
   * pass, so it asks storage which landed (`listParts`, S3's ListParts): with their ETags and
   * sizes, in part order. Rejects with StorageApiError.
   */
  presign?: {
    expiresSeconds: number;
    partUrl(key: string, uploadId: string, number: number, now: Date): Promise<string>;
    listParts(key: string, uploadId: string, now: Date): Promise<ListedStoragePart[]>;
  };
}

/**
 * Storage refused to join the parts as listed: a part it does not hold under that number and
 * ETag, a part but the last of another size than the others, or one smaller than its minimum.
 * Nothing was joined; the parts it holds are still there.
 */
export class PartsRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`storage refused the parts: ${reason}`);
    this.name = "PartsRejectedError";
  }
}

/** A part whose byte count differs from what was announced (a dropped connection, a wrong slice). */
export class PartLengthError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`part has ${received} bytes, expected ${expected}`);
    this.name = "PartLengthError";
  }
}

/** The stream as it arrives, erroring once it passes `length` bytes or ends short of it. */
export function exactLength(body: ReadableStream<Uint8Array>, length: number): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > length) controller.error(new PartLengthError(length, total));
        else controller.enqueue(chunk);
      },
      flush(controller) {
        if (total !== length) controller.error(new PartLengthError(length, total));
      },
    }),
  );
}

const KEY_SHAPE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** Keys become file paths on Node: anything but plain segments (`..`, absolute paths) is refused. */
export function assertStorageKey(key: string): void {
  if (!KEY_SHAPE.test(key) || key.length > 200) throw new Error(`invalid media storage key: ${JSON.stringify(key)}`);
}

/** Reads a stream to its end into one array (for PublishMedia.read and small files). */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  return concatBytes(chunks, total);
}

/** The chunks, in order, copied into one new array of `total` bytes (their summed length). */
export function concatBytes(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Storage's S3 API refused or failed a call the server made itself (ListParts): `no_such_upload`
 * (the multipart upload is gone: completed, aborted, or removed by the bucket's lifecycle),
 * `denied` (the credentials or the signature were refused), `unavailable` (no answer, a 5xx, or
 * an answer that is not S3's).
 */
export class StorageApiError extends Error {
  constructor(
    readonly kind: "no_such_upload" | "denied" | "unavailable",
    /** S3's error code (`NoSuchUpload`, `SignatureDoesNotMatch`), or the HTTP status when there is none. */
    readonly s3Code: string,
    message: string,
  ) {
    super(message);
    this.name = "StorageApiError";
  }
}

/** A part storage holds, as its S3 ListParts answers it. */
export interface ListedStoragePart {
  number: number;
  /** Without the quotes S3 puts around it. */
  etag: string;
  bytes: number;
}
