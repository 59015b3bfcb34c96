import type { FC } from "hono/jsx";
import type { getLimits } from "../../domain/workspaces/index.js";
import type { CreditHistoryDay } from "../../domain/billing/index.js";
import { DashboardLayout, type Frame } from "./dashboard-layout.js";
import { type Column, DataTable } from "./data-table.js";

export const CREDIT_HISTORY_DAYS = 30;

const historyColumns: Column<CreditHistoryDay>[] = [
  { head: "Day (UTC)", cell: (d) => d.day },
  { head: "Spent", cell: (d) => d.spent },
  { head: "Targets", cell: (d) => d.targets },
  {
    head: "Granted",
    cell: (d) => (
      <>
        {d.granted}
        {d.reset ? " (test ledger reset)" : ""}
      </>
    ),
  },
];

/** The ledger of the viewed mode: balances now, and per day what was spent and granted. */
export const CreditsPage: FC<{ frame: Frame; limits: Awaited<ReturnType<typeof getLimits>>; days: CreditHistoryDay[] }> = ({ frame, limits, days }) => {
  const spent = days.reduce((sum, d) => sum + d.spent, 0);
  return (
    <DashboardLayout title="Credit history" section="overview" frame={frame}>
      <p>
        <a href="/dashboard">Back to the overview</a>
      </p>
      <section class="card" aria-labelledby="balance-title">
        <h2 id="balance-title">Balance ({frame.viewMode} ledger)</h2>
        <p>
          <strong id="credits-left">{limits.credits.total}</strong> credits left: {limits.credits.monthly} of {limits.credits.monthlyAllowance} monthly, {limits.credits.pack} from packs. Spent in the
          last {CREDIT_HISTORY_DAYS} days: <strong id="credits-spent">{spent}</strong>.
        </p>
        <p class="muted">A target's credit is taken when it is published and given back when the network refuses it, so only kept credits count here.</p>
      </section>
      <section class="card" aria-labelledby="history-title">
        <h2 id="history-title">Last {CREDIT_HISTORY_DAYS} days</h2>
        {days.length === 0 ? (
          <p id="no-history">No credit was spent or granted in the last {CREDIT_HISTORY_DAYS} days.</p>
        ) : (
          <DataTable id="credit-history" label="Credit history" columns={historyColumns} rows={days} />
        )}
      </section>
    </DashboardLayout>
  );
};
