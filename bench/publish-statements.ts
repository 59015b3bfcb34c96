import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "../src/app.js";
import { platformIds } from "../src/networks/registry.js";
import { createClient } from "./http-client.js";
import { createPublishFixture } from "./publish-fixture.js";
import { openBenchRuntime } from "./setup.js";
import { profileStatements } from "./statement-profile.js";

/**
 * `npx tsx bench/publish-statements.ts`: the statements of one 1-target and one 10-target
 * POST /v1/posts on the Node server's PGlite (sandbox networks in process, no delay), by shape,
 * each with the database time it took (bench/statement-profile.ts); the simulators' own
 * statements (their `sandbox_*` tables) summed apart. Shows which statements grow with targets.
 */
const runtime = await openBenchRuntime();
const app = createApp(runtime.deps);
const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve({ server: s, port: info.port }));
});
const http = createClient(port);
const fixture = await createPublishFixture(runtime.db, http);
let n = 0;
const set = await fixture.newAccountSet();
const publish = async (platforms: readonly (typeof platformIds)[number][]) => {
  const r = await http.json("POST", "/v1/posts", fixture.body(set, platforms, `count ${++n}`), fixture.auth);
  if (r.status !== 201) throw new Error(r.body);
};
// Warm-up: JIT and the database's caches.
await publish(platformIds);
await publish(["bluesky"]);
for (const shape of [["bluesky"], platformIds] as const) {
  const p = profileStatements(runtime.client);
  await publish(shape);
  const r = p.stop();
  console.log(`== ${shape.length} targets: ${r.statements} statements, busy ${r.busyMs} ms`);
  for (const s of r.shapes.filter((x) => !/sandbox/.test(x.shape))) console.log(`  ${String(s.count).padStart(4)} ${String(s.ms).padStart(7)}  ${s.shape.slice(0, 120)}`);
  console.log(
    `  sandbox: ${r.shapes.filter((x) => /sandbox/.test(x.shape)).reduce((a, x) => a + x.count, 0)} statements ${r.shapes
      .filter((x) => /sandbox/.test(x.shape))
      .reduce((a, x) => a + x.ms, 0)
      .toFixed(1)} ms`,
  );
}
server.close();
await runtime.close();
