import { buildWorker } from "./worker-host.js";
import { PUBLIC_URL, startStack } from "./stack.js";
import { createWorkspace } from "../../src/domain/workspaces/create-workspace.js";

const dir = buildWorker();
const stack = await startStack({ workerDir: dir, parallelism: 4 });
try {
  const created = await createWorkspace(stack.server.db, { name: "t", email: "t@example.com", plan: "free", keyMode: "test", keyName: "k", actor: "bench", at: new Date() });
  const key = created.apiKey.key;
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await stack.mf.dispatchFetch(`${PUBLIC_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, body: await r.text() };
  };
  console.log(await call("POST", "/v1/social-accounts/connect", { platform: "bluesky", handle: "a1.test", appPassword: "abcd-efgh-ijkl-mnop" }));
  console.log(await call("POST", "/v1/webhooks", { url: "https://hooks.bench.example/w/1" }));
  console.log(stack.wire, stack.outbound.counts);
  const w = await stack.mf.getWorker();
  const t0 = Date.now();
  await w.scheduled({ scheduledTime: new Date(stack.clock.now()), cron: "* * * * *" });
  console.log("cron ms", Date.now() - t0, stack.qstash.stats.messages, stack.wire, stack.outbound.counts);
} finally {
  await stack.close();
}
