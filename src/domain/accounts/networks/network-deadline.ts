import type { ApiError } from "../../../infra/errors.js";

/**
 * Runs `work` for at most `ms`. Past it, the answer is `timedOut()` at once and the signal given
 * to `work` aborts, so its network requests are closed rather than left running after nobody
 * waits for them (a spanning read that gave up on a slow network used to leave its fetch open
 * until the network answered, past the end of the request and of the process). Whatever `work`
 * does after the abort (it usually rejects with the abort) is settled here and never surfaces as
 * an unhandled rejection; the timer is cleared as soon as either side wins, so nothing is left
 * pending.
 */
export async function withinDeadline<T>(ms: number, timedOut: () => ApiError, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timedOut();
      reject(error);
      controller.abort(error);
    }, ms);
  });
  const running = work(controller.signal);
  // The loser of the race below is still observed by it, but say so explicitly: a rejection
  // after the deadline is expected and already answered.
  running.catch(() => {});
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}
