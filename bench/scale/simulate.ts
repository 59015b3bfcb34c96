/**
 * One N's simulation: the cron driver calls the Worker's scheduled handler at each simulated minute,
 * events are made at the simulated networks of active accounts at known simulated times, and the
 * QStash stand-in delivers what is due. The loop is sequential (cron, then events, then deliveries),
 * so a cron run's subrequests and statements are its own.
 */
import { percentile } from "../stats.js";
import { ACCOUNT_MIX, type Seeded } from "./seed.js";
import { PUBLIC_URL, type Stack } from "./stack.js";

export interface Plan {
  simMinutes: number;
  rate: number;
  deliver: boolean;
  /** Mean simulated minutes between two events on one active account. */
  eventEveryMinutes: number;
  /** Simulated minutes before the first event: the first minutes drain the seed's all-due backlog, which is not the steady state's lag. */
  warmupMinutes: number;
  cronTimeoutMs: number;
}

export interface CronRun {
  at: string;
  wallMs: number;
  finished: boolean;
  subrequests: number;
  qstashRequests: number;
  redisRequests: number;
  neonConnections: number;
  statements: number;
  messages: number;
}

export interface Totals {
  messages: number;
  publishRequests: number;
  batchRequests: number;
  deliveries: number;
  statements: number;
  /** Of `statements`, the sandbox networks' own (their state is in Postgres; a real network's is not). */
  sandboxStatements: number;
  roundTrips: number;
  neonConnections: number;
  networkCalls: number;
  webhooks: number;
}

export interface SimResult {
  simMinutes: number;
  crons: CronRun[];
  totals: Totals;
  events: { made: number; delivered: number; lagMs: { p95: number | null; max: number | null }; backlogP95Ms: number | null };
  pendingAtEnd: number;
  stoppedEarly: string | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function snapshot(stack: Stack) {
  const out = stack.outbound.counts.byDestination;
  return {
    subrequests: out.qstash + out.redis + out.neon + out.webhook + out.other,
    qstash: out.qstash,
    redis: out.redis,
    neon: out.neon,
    statements: stack.wire.statements,
    sandboxStatements: stack.wire.sandboxStatements,
    roundTrips: stack.wire.roundTrips,
    connections: stack.wire.connections,
    messages: stack.qstash.stats.messages,
    publishRequests: stack.qstash.stats.publishRequests,
    batchRequests: stack.qstash.stats.batchRequests,
    deliveries: stack.qstash.stats.deliveries,
    networkCalls: stack.sandboxCalls.total,
    webhooks: stack.webhooks.length,
  };
}

export async function simulate(stack: Stack, seeded: Seeded, plan: Plan, simStart: number): Promise<SimResult> {
  await stack.setClock(simStart - 1_000, plan.rate);
  const worker = await stack.mf.getWorker();
  const activeIndex = ACCOUNT_MIX.findIndex((a) => a.active);
  const end = simStart + plan.simMinutes * 60_000;
  // Event times: each active account's first event uniformly within its mean gap, then every gap.
  const gap = plan.eventEveryMinutes * 60_000;
  // During the warm-up each active account sees one event that is not measured: it makes the account
  // active (polled at its network's base interval), as a real active account is; the lag of a first
  // event after a quiet stretch is bounded by the quiet ceiling instead (docs/scale.md).
  const due: { g: number; at: number; measured: boolean }[] = [];
  if (plan.deliver) {
    for (let g = 0; g < seeded.workspaces; g++) {
      due.push({ g, at: simStart + 60_000 + ((g * 7919) % 60_000), measured: false });
      for (let at = simStart + plan.warmupMinutes * 60_000 + ((g * 7919) % gap); at < end - 60_000; at += gap) due.push({ g, at, measured: true });
    }
    due.sort((a, b) => a.at - b.at);
  }
  const made: { networkId: string; at: number }[] = [];
  const crons: CronRun[] = [];
  const start = snapshot(stack);
  stack.qstash.stats.startLagMs.length = 0;
  let nextCron = simStart;
  let stoppedEarly: string | null = null;
  while (stack.clock.now() < end) {
    if (stack.clock.now() >= nextCron) {
      const before = snapshot(stack);
      const t0 = Date.now();
      const run = worker.scheduled({ scheduledTime: new Date(nextCron), cron: "* * * * *" }).then(() => true);
      const finished = await Promise.race([run, sleep(plan.cronTimeoutMs).then(() => false)]);
      const after = snapshot(stack);
      crons.push({
        at: new Date(nextCron).toISOString(),
        wallMs: Date.now() - t0,
        finished,
        subrequests: after.subrequests - before.subrequests,
        qstashRequests: after.qstash - before.qstash,
        redisRequests: after.redis - before.redis,
        neonConnections: after.connections - before.connections,
        statements: after.statements - before.statements,
        messages: after.messages - before.messages,
      });
      if (!finished) {
        stoppedEarly = `the cron run of ${new Date(nextCron).toISOString()} had not finished after ${plan.cronTimeoutMs / 1000} s of real time`;
        break;
      }
      nextCron += 60_000;
    }
    while (due[0] && due[0].at <= stack.clock.now()) {
      const event = due.shift();
      if (!event) continue;
      const madeEvent = await makeEvent(stack, seeded, event.g, activeIndex);
      if (event.measured) made.push(madeEvent);
    }
    // A bounded slice per turn, so the cron keeps its minute while QStash delivers beside it.
    if (plan.deliver) await stack.qstash.deliverDue(48);
    await sleep(20);
  }
  const totalsAt = snapshot(stack);
  const lags: number[] = [];
  for (const event of made) {
    const hook = stack.webhooks.find((w) => w.body.includes(event.networkId));
    if (hook) lags.push(hook.at - event.at);
  }
  lags.sort((a, b) => a - b);
  const backlog = [...stack.qstash.stats.startLagMs].sort((a, b) => a - b);
  return {
    simMinutes: plan.simMinutes,
    crons,
    totals: {
      messages: totalsAt.messages - start.messages,
      publishRequests: totalsAt.publishRequests - start.publishRequests,
      batchRequests: totalsAt.batchRequests - start.batchRequests,
      deliveries: totalsAt.deliveries - start.deliveries,
      statements: totalsAt.statements - start.statements,
      sandboxStatements: totalsAt.sandboxStatements - start.sandboxStatements,
      roundTrips: totalsAt.roundTrips - start.roundTrips,
      neonConnections: totalsAt.connections - start.connections,
      networkCalls: totalsAt.networkCalls - start.networkCalls,
      webhooks: totalsAt.webhooks - start.webhooks,
    },
    events: {
      made: made.length,
      delivered: lags.length,
      lagMs: { p95: lags.length ? percentile(lags, 95) : null, max: lags.at(-1) ?? null },
      backlogP95Ms: backlog.length ? percentile(backlog, 95) : null,
    },
    pendingAtEnd: stack.qstash.pending(),
    stoppedEarly,
  };
}

/** A simulated person mentions the workspace's active account, at its network (the sandbox route). */
async function makeEvent(stack: Stack, seeded: Seeded, g: number, index: number): Promise<{ networkId: string; at: number }> {
  const at = stack.clock.now();
  const answer = await stack.mf.dispatchFetch(`${PUBLIC_URL}/v1/sandbox/social-accounts/${seeded.accountOf(g, index)}/activity`, {
    method: "POST",
    headers: { authorization: `Bearer ${seeded.keyOf(g)}`, "content-type": "application/json" },
    body: JSON.stringify({ action: "mention", text: `scale bench event ${g}` }),
  });
  const text = await answer.text();
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`event on workspace copy ${g}: ${answer.status} ${text}`);
  return { networkId: (JSON.parse(text) as { networkId: string }).networkId, at };
}
