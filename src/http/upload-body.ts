import type { Context } from "hono";
import type { AppEnv } from "./context.js";

/**
 * How much of a refused upload is read and thrown away so the connection can carry the next
 * request: just over the image limit, so any refused image is drained; a refused video larger
 * than this is answered with `Connection: close` instead. Bounded in time too, so a client that
 * trickles its body cannot hold the server.
 */
export const DRAIN_CAP_BYTES = 32 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

export interface UploadBody {
  /** The body for the endpoint; cancelling it stops the endpoint's reading, not the connection. */
  stream: ReadableStream<Uint8Array> | null;
  /**
   * Reads and discards what the endpoint left unread, up to the cap. Where the body cannot be
   * read to its end, the response says `Connection: close`, so a keep-alive client reads the
   * answer and opens a new connection instead of losing the answer to a reset.
   */
  settle(c: Context<AppEnv>): Promise<void>;
}

/**
 * A request body the endpoint may stop reading at any point (a wrong format is known from the
 * first 4 KB) without the connection going with it. Cancelling the runtime's own request stream
 * destroys the socket under @hono/node-server, before the 400 is written: the client then sees
 * "other side closed" instead of the error. So the endpoint gets a stream of its own, and the
 * request stream is only ever read to its end.
 */
export function uploadBody(raw: ReadableStream<Uint8Array> | null, declaredLength: number): UploadBody {
  if (!raw) return { stream: null, settle: async () => {} };
  const reader = raw.getReader();
  let ended = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          ended = true;
          controller.close();
        } else controller.enqueue(value);
      },
      // Deliberately not passed on to `reader`: see above.
      cancel: () => {},
    },
    { highWaterMark: 0 },
  );
  const drain = async (): Promise<boolean> => {
    let discarded = 0;
    while (!ended) {
      const { done, value } = await reader.read();
      if (done) ended = true;
      else if ((discarded += value.byteLength) > DRAIN_CAP_BYTES) return false;
    }
    return true;
  };
  return {
    stream,
    async settle(c) {
      if (ended) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS);
      });
      const drained = declaredLength > DRAIN_CAP_BYTES ? false : await Promise.race([drain().catch(() => false), timedOut]);
      clearTimeout(timer);
      if (!drained) c.header("Connection", "close");
    },
  };
}
