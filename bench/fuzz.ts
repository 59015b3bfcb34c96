/**
 * `npm run fuzz`: malformed requests from a fixed seed against every write route of the Node
 * runtime (embedded PGlite in a temporary folder, the sandbox networks), through `app.request`.
 * Prints how many requests were sent, the answers by status class, and the first 5xx answers with
 * what was sent; exits 1 when any request was answered with a 5xx.
 *
 * FUZZ_COUNT (default 2000) requests, FUZZ_SEED (default 20261124). test/api/fuzz.test.ts runs
 * the same fuzzer with fewer requests.
 */
import { createApp } from "../src/app.js";
import { createWorkspace } from "../src/domain/workspaces/create-workspace.js";
import { systemClock } from "../src/infra/clock.js";
import { runFuzz } from "./fuzz/run-fuzz.js";
import { liftWorkspaceLimits } from "./fuzz/unlimited-workspace.js";
import { openBenchRuntime } from "./setup.js";

const count = Number(process.env.FUZZ_COUNT ?? "2000");
const seed = Number(process.env.FUZZ_SEED ?? "20261124");

const runtime = await openBenchRuntime();
try {
  const app = createApp(runtime.deps);
  // A workspace of its own on a plan with every network and credits to spare, so requests reach past 402.
  const created = await createWorkspace(runtime.db, { name: "Fuzz", email: "fuzz@example.com", plan: "subscription", grantCredits: 1_000_000, keyMode: "test", actor: "fuzz", at: systemClock.now() });
  await liftWorkspaceLimits(runtime.db, created.workspaceId);
  const started = Date.now();
  const summary = await runFuzz(
    async (method, path, init) => {
      const headers = new Headers(init.headers);
      headers.set("authorization", `Bearer ${created.apiKey.key}`);
      return app.request(`http://localhost${path}`, { method, headers, body: init.body ?? null });
    },
    { count, seed },
  );
  console.log(`fuzz: ${summary.requests} requests over ${summary.routes} write routes (seed ${summary.seed}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `answers: ${Object.entries(summary.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  console.log(`5xx: ${summary.serverErrors}`);
  for (const o of summary.offenders) console.log(`  ${o.status} ${o.method} ${o.path}\n    sent: ${o.sent}\n    answer: ${o.answer}`);
  process.exitCode = summary.serverErrors > 0 ? 1 : 0;
} finally {
  await runtime.close();
}
