/**
 * The upload as it arrives, refused the moment it passes `limit` bytes: the error from
 * `tooLarge` becomes the stream's error, so whoever is reading (the storage) stops and rejects
 * with it, and the rest of the body is never read.
 */
export function cappedStream(body: ReadableStream<Uint8Array>, limit: number, tooLarge: () => Error): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limit) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Reads the first `bytes` bytes of a stream (fewer if it is shorter) so the format can be
 * checked before anything is stored, and gives back a stream of the whole body, head included.
 */
export async function peekHead(stream: ReadableStream<Uint8Array>, bytes: number): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  while (total < bytes) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  const head = new Uint8Array(Math.min(total, bytes));
  let at = 0;
  for (const chunk of chunks) {
    if (at >= head.byteLength) break;
    const take = chunk.subarray(0, head.byteLength - at);
    head.set(take, at);
    at += take.byteLength;
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, body };
}
