import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { agentSpend, agents, oauthClients } from "../../src/db/schema/index.js";
import type { Database } from "../../src/db/types.js";
import { agentSpentOn, chargeAgentAllowance, refundAgentCharges } from "../../src/domain/agents/agent-spend.js";
import { type AgentGrant, spendDay } from "../../src/domain/agents/grant.js";
import type { AgentRecord, DomainContext } from "../../src/domain/core/context.js";
import { createWorkspace } from "../../src/domain/workspaces/create-workspace.js";
import { ApiError } from "../../src/infra/errors.js";
import { describeOnEachDatabase } from "../support/each-database.js";

/**
 * An agent's allowance under charges and refunds racing in transactions of their own, on PGlite
 * and on the PostgreSQL server (describeOnEachDatabase): PGlite answers one statement at a time,
 * so only the server shows whether concurrent charges of one agent can both read "4 of 5 spent"
 * and both take the last credit.
 */
describeOnEachDatabase("an agent's daily allowance under concurrent charges", (app) => {
  let server: { db: Database };
  let ctx: Pick<DomainContext, "agent" | "workspace" | "services">;
  const now = new Date();

  beforeAll(async () => {
    server = app();
    const { workspaceId } = await createWorkspace(server.db, { name: "Race", email: "race@example.com", plan: "subscription", keyMode: "test", actor: "operator", at: now });
    await server.db.insert(oauthClients).values({ id: "oc_race", name: "Race agent", redirectUris: ["http://127.0.0.1/cb"], authMethod: "none" });
    const grant: AgentGrant = { profiles: null, platforms: null, actions: ["read", "publish_or_schedule"], creditsPerDay: 5, purchasedCredits: false };
    await server.db.insert(agents).values({ id: "agt_race", workspaceId, clientId: "oc_race", mode: "test", clientName: "Race agent", grant });
    const agent: AgentRecord = { id: "agt_race", clientId: "oc_race", clientName: "Race agent", grant, spentDay: "", spentToday: 0, createdAt: now };
    const [workspace] = await server.db.query.workspaces.findMany({ where: (w, { eq: is }) => is(w.id, workspaceId) });
    if (!workspace) throw new Error("no workspace");
    ctx = { agent, workspace: workspace as unknown as DomainContext["workspace"], services: {} as DomainContext["services"] };
  });

  it("lets exactly the allowance through when twelve charges race, and a refund frees one credit for the next", async () => {
    const charge = (subject: string) => server.db.transaction((tx) => chargeAgentAllowance(tx, ctx, [subject], now));
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => charge(`tgt_race_${i}`)));
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const reason of refused) expect(reason instanceof ApiError && reason.code).toBe("agent_grant_daily_credits");
    expect(await agentSpentOn(server.db, "agt_race", spendDay(now))).toBe(5);

    const charged = await server.db.select().from(agentSpend).where(eq(agentSpend.agentId, "agt_race"));
    const first = charged[0]?.subject ?? "";
    await Promise.all([refundAgentCharges(server.db, ctx.workspace.id, [first]), refundAgentCharges(server.db, ctx.workspace.id, [first])]);
    expect(await agentSpentOn(server.db, "agt_race", spendDay(now))).toBe(4);
    const again = await Promise.allSettled([charge("tgt_race_a"), charge("tgt_race_b")]);
    expect(again.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await agentSpentOn(server.db, "agt_race", spendDay(now))).toBe(5);
  });

  it("refunds each cancelled subject once when cancels race on other connections, and never below zero", async () => {
    const day = spendDay(now);
    const rows = await server.db.select().from(agentSpend).where(eq(agentSpend.agentId, "agt_race"));
    const charged = rows.filter((r) => r.kind === "charge");
    const before = await agentSpentOn(server.db, "agt_race", day);
    const open = charged.filter((c) => !rows.some((r) => r.subject === c.subject && r.kind === "refund")).map((c) => c.subject);
    // Eight transactions refund the same batch (plus a subject never charged) at once, as racing cancels would.
    const batch = [...open.slice(0, 3), "tgt_never_charged"];
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.db.transaction((tx) => refundAgentCharges(tx, ctx.workspace.id, batch))));
    expect(answers.filter((agentsRefunded) => agentsRefunded.length > 0)).toHaveLength(1);
    const refunds = (await server.db.select().from(agentSpend).where(eq(agentSpend.agentId, "agt_race"))).filter((r) => r.kind === "refund" && batch.includes(r.subject));
    expect(refunds.map((r) => r.subject).sort()).toEqual(open.slice(0, 3).sort());
    expect(await agentSpentOn(server.db, "agt_race", day)).toBe(before - 3);
    // Refunding everything twice over ends at zero, not below.
    const everything = charged.map((c) => c.subject);
    await Promise.all([refundAgentCharges(server.db, ctx.workspace.id, everything), refundAgentCharges(server.db, ctx.workspace.id, everything)]);
    expect(await agentSpentOn(server.db, "agt_race", day)).toBe(0);
  });
});
