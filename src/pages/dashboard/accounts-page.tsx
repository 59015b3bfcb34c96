import type { FC } from "hono/jsx";
import type { ProfileView } from "../../domain/accounts/index.js";
import type { SocialAccountView } from "../../domain/accounts/index.js";
import type { AccountHealth } from "./account-health.js";
import { Csrf, DashboardLayout, type Frame, Notice, when } from "./dashboard-layout.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { type Column, DataTable } from "./data-table.js";

/** Health of every connection (status, token expiry), reconnect and disconnect, and which profile owns each. */
export const AccountsPage: FC<{ frame: Frame; accounts: SocialAccountView[]; health: Record<string, AccountHealth>; profiles: ProfileView[]; notice?: string | undefined }> = ({
  frame,
  accounts,
  health,
  profiles,
  notice,
}) => {
  const profileName = (id: string | null) => profiles.find((p) => p.id === id)?.username ?? "—";
  const columns: Column<SocialAccountView>[] = [
    {
      head: "Account",
      cell: (a) => (
        <>
          <NetworkLogo platform={a.platform} /> {networkName(a.platform)} <strong>@{a.handle}</strong>
          {a.blocked ? <div class="muted">Blocked: {a.blocked.reason}</div> : null}
        </>
      ),
    },
    {
      head: "Health",
      cell: (a) => {
        const h = health[a.id];
        return (
          <>
            <span class={`badge state-${h?.state ?? a.status}`}>{h?.label ?? a.status}</span>
            {h?.advice ? <div class="muted health-advice">{h.advice}</div> : null}
          </>
        );
      },
    },
    { head: "Token expires", cell: (a) => when(a.tokenExpiresAt) },
    { head: "Profile", cell: (a) => profileName(a.profileId) },
    {
      head: "Actions",
      cell: (a) => (
        <>
          <form class="inline" method="post" action={`/dashboard/accounts/${a.id}/reconnect`}>
            <Csrf token={frame.csrf} />
            <button type="submit" class={health[a.id]?.reconnect ? "primary" : ""} aria-label={`Reconnect ${a.platform} @${a.handle}`}>
              Reconnect
            </button>
          </form>{" "}
          <form class="inline" method="post" action={`/dashboard/accounts/${a.id}/disconnect`}>
            <Csrf token={frame.csrf} />
            <button class="danger" type="submit" aria-label={`Disconnect ${a.platform} @${a.handle}`}>
              Disconnect
            </button>
          </form>
        </>
      ),
    },
  ];
  return (
    <DashboardLayout title="Social accounts" section="accounts" frame={frame}>
      <Notice notice={notice} />
      <section class="card" aria-labelledby="connect-title">
        <h2 id="connect-title">Connect an account</h2>
        <p>Opens the hosted connect page, where you approve Chorus on the network's own screen.</p>
        <form method="post" action="/dashboard/accounts/connect" class="row">
          <Csrf token={frame.csrf} />
          <div>
            <label for="connect-profile">Profile (optional)</label>
            <select id="connect-profile" name="profile">
              <option value="">No profile</option>
              {profiles.map((p) => (
                <option value={p.username}>{p.username}</option>
              ))}
            </select>
          </div>
          <div>
            <button class="primary" id="connect" type="submit">
              Connect an account
            </button>
          </div>
        </form>
      </section>
      <section class="card" aria-labelledby="list-title">
        <h2 id="list-title">Accounts</h2>
        {accounts.length === 0 ? (
          <p id="no-accounts">No accounts connected yet.</p>
        ) : (
          <DataTable id="accounts" label="Table of connected accounts" columns={columns} rows={accounts} rowAttributes={(a) => ({ id: `account-${a.id}` })} />
        )}
      </section>
      <section class="card" aria-labelledby="profiles-title">
        <h2 id="profiles-title">Profiles</h2>
        {profiles.length === 0 ? (
          <p class="muted">No profiles. Profiles group accounts per brand or client; your app creates them.</p>
        ) : (
          <ul>
            {profiles.map((p) => (
              <li>
                <strong>{p.username}</strong>:{" "}
                {accounts
                  .filter((a) => a.profileId === p.id)
                  .map((a) => `${a.platform} @${a.handle}`)
                  .join(", ") || "no accounts"}
              </li>
            ))}
          </ul>
        )}
      </section>
    </DashboardLayout>
  );
};
