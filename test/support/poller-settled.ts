const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for the poller's start (its first sweeps, and the pass its wake-up subscription asks
 * for) to finish: no statement for `quietMs`. A loaded machine can take seconds over that.
 */
export async function settled(count: () => number, quietMs = 400): Promise<void> {
  const deadline = Date.now() + 20_000;
  let seen = count();
  let since = Date.now();
  while (Date.now() < deadline) {
    await sleep(50);
    if (count() !== seen) {
      seen = count();
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
  throw new Error("the poller never went quiet after starting");
}
