import { describeTransforms } from "./media-transforms.js";
import { serve } from "@hono/node-server";
import { createApp } from "../app.js";
import { ensureFirstWorkspace } from "../domain/workspaces/index.js";
import { listensOnLoopback, parseNodeEnv } from "./node-config.js";
import { buildNodeRuntime } from "./node-deps.js";
import { domainServices } from "../http/domain-services.js";
import { startJobPoller } from "./job-poller.js";
import { mayCreateWork } from "../infra/work-marker.js";
import { DataDirBusyError, acquireDataDirLock } from "./data-dir-lock.js";

const env = parseNodeEnv(process.env);
// The embedded database belongs to one process; the lock tells operator commands (and a second
// server) that this one holds it, so they refuse instead of writing into a copy that is lost.
let lock: { release: () => void } | null = null;
if (!env.DATABASE_URL) {
  try {
    lock = acquireDataDirLock(env.CHORUS_DATA_DIR, "server");
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(`${error.dataDir} is in use by the Chorus ${error.holder.role} (pid ${error.holder.pid}); stop it first, or set CHORUS_DATA_DIR to another folder.`);
    process.exit(1);
  }
}
const runtime = await buildNodeRuntime(env);
const firstKey = await ensureFirstWorkspace(runtime.db, runtime.deps.clock.now());
const app = createApp(runtime.deps);

// Scheduled publishes and asynchronous-publish polling run here, in process, from the job table.
const poller = startJobPoller({ db: runtime.db, clock: runtime.deps.clock, services: domainServices(runtime.deps, env.CHORUS_PUBLIC_URL ?? `http://localhost:${env.PORT}`) }, runtime.deps.logger, {
  wakeups: runtime.jobWakeups,
  concurrency: env.CHORUS_JOB_CONCURRENCY,
  perWorkspace: env.CHORUS_JOB_CONCURRENCY_PER_WORKSPACE,
});

/** Every answered write may leave something for the background sweeps to watch: it ends a quiet spell. */
const fetch: typeof app.fetch = async (request, ...rest) => {
  const response = await app.fetch(request, ...rest);
  if (mayCreateWork(request.method, request.url)) poller.touch();
  return response;
};

const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  // The listening line comes last: whoever waits for it (a supervisor, the tests) has the key too.
  if (firstKey) {
    console.log("First start: created a workspace with a test API key. It is shown once; keep it:");
    console.log(firstKey.key);
  }
  if (runtime.deps.loopbackWebhooks && !listensOnLoopback(env.HOST)) {
    console.warn(
      `CHORUS_ALLOW_LOOPBACK_WEBHOOKS=true while listening on ${env.HOST}: any test key may deliver webhooks to this machine's own ports, and any test-mode owner's consent page may read them.`,
    );
  }
  if (runtime.deps.mediaTransforms) console.log(describeTransforms(runtime.deps.mediaTransforms));
  console.log(`Reference: http://localhost:${info.port}/docs`);
  console.log(`Chorus API listening on http://localhost:${info.port} (${runtime.databaseLabel})`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  runtime.deps.logger.info("shutting down", { signal });
  server.close();
  await poller.stop();
  await runtime.close();
  lock?.release();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
