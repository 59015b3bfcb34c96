import { Hono } from "hono";
import type { FC } from "hono/jsx";
import { type AgentView, listAgents, revokeAgent } from "../../domain/agents/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, when } from "./dashboard-layout.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { type Column, DataTable } from "./data-table.js";
import { SubNav } from "./developers-page.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";

const scope = (values: string[] | null, all: string) => (values === null ? all : values.length === 0 ? "none" : values.join(", "));

const agentColumns = (csrf: string): Column<AgentView>[] => [
  {
    head: "Agent",
    cell: (a) => (
      <>
        {a.nickname ?? a.clientName} <span class="muted">({a.mode})</span>
      </>
    ),
  },
  { head: "Brands", cell: (a) => scope(a.grant.profiles, "all") },
  { head: "Networks", cell: (a) => scope(a.grant.platforms, "all") },
  { head: "Actions", cell: (a) => a.grant.actions.join(", ") || "none" },
  {
    head: "Credits today",
    cell: (a) => (
      <>
        {a.spentToday} of {a.grant.creditsPerDay}
      </>
    ),
  },
  { head: "Last used", cell: (a) => when(a.lastUsedAt) },
  {
    head: "Revoke",
    cell: (a) => (
      <form class="inline" method="post" action={`/dashboard/agents/${a.id}/revoke`}>
        <Csrf token={csrf} />
        <button class="danger" type="submit" aria-label={`Revoke ${a.nickname ?? a.clientName}`}>
          Revoke
        </button>
      </form>
    ),
  },
];

/** The OAuth agents acting for the workspace, what each may do, and a revoke button per agent. */
export const AgentsPage: FC<{ frame: Frame; agents: AgentView[]; notice?: string | undefined }> = ({ frame, agents, notice }) => (
  <DashboardLayout title="Agents" section="developers" frame={frame}>
    <SubNav current="agents" />
    <Notice notice={notice} />
    <section class="card">
      <p class="muted">Agents connect with OAuth: each one you allowed is listed with its grant. Revoking ends its tokens at once.</p>
      {agents.length === 0 ? <p id="no-agents">No agent acts for this workspace.</p> : <DataTable id="agents" label="Agents" columns={agentColumns(frame.csrf)} rows={agents} />}
    </section>
  </DashboardLayout>
);

export const agentPageRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/developers/agents", async (c) => {
    const agents = await listAgents({ ctx: ctxOf(c) });
    return c.html(<AgentsPage frame={frameOf(c)} agents={agents.items} notice={noticeOf(c)} />);
  })
  .post("/dashboard/agents/:id/revoke", async (c) => {
    await revokeAgent({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/developers/agents?done=agentRevoked", 303);
  });
