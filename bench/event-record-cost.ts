import { isNull } from "drizzle-orm";
import { createApp } from "../src/app.js";
import { jobs } from "../src/db/schema/index.js";
import { recordEvent } from "../src/domain/events/record-event.js";
import { type JobQueue, tableJobQueue } from "../src/domain/core/jobs/job-queue.js";
import { openBenchRuntime } from "./setup.js";
import { round } from "./stats.js";

/**
 * What recording one event costs the database with three subscribed endpoints, each in its own
 * transaction as a change records it: the one-statement path of the job table
 * (record-event-statement.ts) against the statement-per-step path (the same queue without
 * `rowsInDatabase`), alternated so a busy machine weighs on both alike.
 */
const runtime = await openBenchRuntime();
try {
  const app = createApp(runtime.deps);
  for (let i = 0; i < 3; i++) {
    const response = await app.request("http://localhost/v1/webhooks", {
      method: "POST",
      headers: { authorization: `Bearer ${runtime.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: `http://127.0.0.1:9/hook${i}`, events: ["post.published"] }),
    });
    if (response.status !== 201) throw new Error(`POST /v1/webhooks: ${response.status}`);
  }
  const stepwise: JobQueue = { enqueue: tableJobQueue.enqueue, enqueueMany: tableJobQueue.enqueueMany?.bind(tableJobQueue) };
  const paths: [string, JobQueue][] = [
    ["one statement", tableJobQueue],
    ["statement per step", stepwise],
  ];
  const totals = new Map<string, number[]>();
  const count = Number(process.env.BENCH_EVENTS ?? 200);
  for (let round_ = 0; round_ < 10; round_++) {
    for (const [name, queue] of round_ % 2 === 0 ? paths : [...paths].reverse()) {
      const started = performance.now();
      for (let i = 0; i < count; i++) {
        await runtime.db.transaction((tx) =>
          recordEvent(tx, queue, { workspaceId: runtime.workspaceId, mode: "test", type: "post.published", data: { id: `post_${i}`, state: "published" }, at: new Date() }),
        );
      }
      if (round_ > 0) totals.set(name, [...(totals.get(name) ?? []), (performance.now() - started) / count]);
      await runtime.db.update(jobs).set({ doneAt: new Date() }).where(isNull(jobs.doneAt));
    }
  }
  for (const [name, values] of totals) console.log(`  ${name}: ${values.map((v) => round(v, 2)).join(", ")} ms per event`);
} finally {
  await runtime.close();
}
