import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { ensureFirstWorkspace } from "./domain/workspaces/ensure-first-workspace.js";
import { parseNodeEnv } from "./node/node-config.js";
import { buildNodeRuntime } from "./node/node-deps.js";
import { domainServices } from "./http/domain-services.js";
import { startJobPoller } from "./node/job-poller.js";

const env = parseNodeEnv(process.env);
const runtime = await buildNodeRuntime(env);
const firstKey = await ensureFirstWorkspace(runtime.db, runtime.deps.clock.now());
const app = createApp(runtime.deps);

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Chorus API listening on http://localhost:${info.port} (${runtime.databaseLabel})`);
  console.log(`Reference: http://localhost:${info.port}/docs`);
  if (firstKey) {
    console.log("First start: created a workspace with a test API key. It is shown once; keep it:");
    console.log(firstKey.key);
  }
});

// Scheduled publishes and asynchronous-publish polling run here, in process, from the job table.
const poller = startJobPoller(
  { db: runtime.db, clock: runtime.deps.clock, services: domainServices(runtime.deps, env.CHORUS_PUBLIC_URL ?? `http://localhost:${env.PORT}`) },
  runtime.deps.logger,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: shutting down`);
  server.close();
  await poller.stop();
  await runtime.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
