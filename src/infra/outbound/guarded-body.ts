import { type RefusalReason, UrlUnreachableError } from "./url-unreachable.js";

export async function readCapped(
  response: Response,
  { maxBytes, truncate }: { maxBytes: number; truncate: boolean },
  signal: AbortSignal,
  refuse: (reason: RefusalReason) => UrlUnreachableError,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw refuse("too_large");
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  // A fetch that does not tie its body to the signal (a stand-in, a sandbox) still stops on time:
  // cancelling the reader ends the pending read, and the aborted signal marks it a timeout.
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw refuse("timeout");
      if (done) break;
      if (total + value.byteLength > maxBytes) {
        await reader.cancel().catch(() => {});
        if (!truncate) throw refuse("too_large");
        chunks.push(value.subarray(0, maxBytes - total));
        total = maxBytes;
        break;
      }
      total += value.byteLength;
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof UrlUnreachableError) throw error;
    throw refuse(signal.aborted ? "timeout" : "transport");
  } finally {
    signal.removeEventListener("abort", stop);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body as a stream that errors with the guard's refusal once it passes `maxBytes` (a declared
 * Content-Length over it is refused before any byte) or once the deadline passes; a transport
 * failure mid-body is the same refusal, so the reader sees one error whatever went wrong.
 */
export function cappedBody(response: Response, maxBytes: number, signal: AbortSignal, refuse: (reason: RefusalReason) => UrlUnreachableError): ReadableStream<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  const source = response.body;
  if (Number.isFinite(declared) && declared > maxBytes) {
    void source?.cancel().catch(() => {});
    return new ReadableStream({ start: (controller) => controller.error(refuse("too_large")) });
  }
  if (!source) return new ReadableStream({ start: (controller) => controller.close() });
  const reader = source.getReader();
  let total = 0;
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", stop, { once: true });
  const finish = () => signal.removeEventListener("abort", stop);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (signal.aborted) throw refuse("timeout");
          if (done) {
            finish();
            controller.close();
            return;
          }
          total += value.byteLength;
          if (total > maxBytes) {
            await reader.cancel().catch(() => {});
            throw refuse("too_large");
          }
          controller.enqueue(value);
        } catch (error) {
          finish();
          controller.error(error instanceof UrlUnreachableError ? error : refuse(signal.aborted ? "timeout" : "transport"));
        }
      },
      cancel: async (reason) => {
        finish();
        await reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}
