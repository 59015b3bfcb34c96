import type { FC } from "hono/jsx";
import type { CredentialView } from "../../domain/accounts/index.js";
import type { EmailPreferences } from "../../domain/workspaces/index.js";
import type { CreatedApiKey } from "../../domain/keys/index.js";
import type { listWorkspaceKeys } from "../../domain/keys/index.js";
import { platformIds } from "../../networks/registry.js";
import { Csrf, DashboardLayout, type Frame, Notice, when } from "./dashboard-layout.js";
import { type Column, DataTable } from "./data-table.js";

type KeyRow = Awaited<ReturnType<typeof listWorkspaceKeys>>[number];

export const SubNav: FC<{ current: "keys" | "audit" | "email" | "agents" }> = ({ current }) => (
  <nav aria-label="Developers">
    <p class="row">
      <a href="/dashboard/developers" aria-current={current === "keys" ? "page" : undefined}>
        API keys and credentials
      </a>
      <a href="/dashboard/developers/agents" aria-current={current === "agents" ? "page" : undefined}>
        Agents
      </a>
      <a href="/dashboard/developers/audit" aria-current={current === "audit" ? "page" : undefined}>
        Audit log
      </a>
      <a href="/dashboard/developers/email" aria-current={current === "email" ? "page" : undefined}>
        Email preferences
      </a>
    </p>
  </nav>
);

/** API keys (a new key is shown once), and bring-your-own app credentials. */
const keyColumns = (csrf: string): Column<KeyRow>[] => [
  { head: "Key", cell: (k) => <code>{k.prefix}…</code> },
  { head: "Name", cell: (k) => k.name },
  { head: "Mode", cell: (k) => k.mode },
  { head: "Last used", cell: (k) => when(k.lastUsedAt) },
  {
    head: "Status",
    cell: (k) =>
      k.revokedAt ? (
        `revoked ${when(k.revokedAt)}`
      ) : (
        <form class="inline" method="post" action={`/dashboard/keys/${k.keyId}/revoke`}>
          <Csrf token={csrf} />
          <button class="danger" type="submit" aria-label={`Revoke key ${k.name} (${k.prefix})`}>
            Revoke
          </button>
        </form>
      ),
  },
];

export const KeysPage: FC<{ frame: Frame; keys: KeyRow[]; credentials: CredentialView[]; created?: CreatedApiKey | undefined; notice?: string | undefined }> = ({
  frame,
  keys,
  credentials,
  created,
  notice,
}) => (
  <DashboardLayout title="Developers" section="developers" frame={frame}>
    <SubNav current="keys" />
    <Notice notice={notice} />
    {created ? (
      <section class="card ok" aria-labelledby="created-title">
        <h2 id="created-title">Your new {created.mode} key</h2>
        <p>Copy it now: it is shown only once, and Chorus keeps only its hash.</p>
        <p class="secret" id="new-key">
          {created.key}
        </p>
      </section>
    ) : null}
    <section class="card" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <form method="post" action="/dashboard/keys" class="row">
        <Csrf token={frame.csrf} />
        <div>
          <label for="key-name">Name</label>
          <input id="key-name" name="name" required maxlength={100} placeholder="CI publisher" />
        </div>
        <div>
          <label for="key-mode">Mode</label>
          <select id="key-mode" name="mode">
            <option value="test">test (sandbox networks)</option>
            {frame.sessionMode === "live" ? <option value="live">live (real networks)</option> : null}
          </select>
        </div>
        <div>
          <button class="primary" id="create-key" type="submit">
            Create key
          </button>
        </div>
      </form>
      <DataTable id="keys" label="Table of API keys" columns={keyColumns(frame.csrf)} rows={keys} rowAttributes={(k) => ({ id: `key-${k.keyId}` })} />
    </section>
    <section class="card" aria-labelledby="credentials-title">
      <h2 id="credentials-title">Your own network apps</h2>
      <p class="muted">With your own client id and secret, connections use your app on that network instead of the server's.</p>
      {credentials.length ? (
        <ul id="credentials">
          {credentials.map((cred) => (
            <li>
              {cred.platform}: <code>{cred.clientId}</code> (updated {when(cred.updatedAt)}){" "}
              <form class="inline" method="post" action={`/dashboard/credentials/${cred.platform}/delete`}>
                <Csrf token={frame.csrf} />
                <button class="danger" type="submit" aria-label={`Remove the ${cred.platform} app`}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p>None: connections use the server's apps.</p>
      )}
      <form method="post" action="/dashboard/credentials" class="row">
        <Csrf token={frame.csrf} />
        <div>
          <label for="cred-platform">Network</label>
          <select id="cred-platform" name="platform">
            {platformIds.map((p) => (
              <option value={p}>{p}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="cred-id">Client id</label>
          <input id="cred-id" name="clientId" required autocomplete="off" />
        </div>
        <div>
          <label for="cred-secret">Client secret</label>
          <input id="cred-secret" name="clientSecret" type="password" required autocomplete="off" />
        </div>
        <div>
          <button type="submit">Save app</button>
        </div>
      </form>
    </section>
  </DashboardLayout>
);

type AuditEntry = { id: string; type: string; actor: string; details: Record<string, unknown>; createdAt: string };

const auditColumns: Column<AuditEntry>[] = [
  { head: "When", cell: (e) => when(e.createdAt) },
  { head: "Event", cell: (e) => e.type },
  { head: "By", cell: (e) => e.actor },
  { head: "Details", cell: (e) => <code>{JSON.stringify(e.details)}</code> },
];

export const AuditPage: FC<{ frame: Frame; entries: AuditEntry[] }> = ({ frame, entries }) => (
  <DashboardLayout title="Audit log" section="developers" frame={frame}>
    <SubNav current="audit" />
    <section class="card">
      <DataTable id="audit" label="Audit log" columns={auditColumns} rows={entries} />
    </section>
  </DashboardLayout>
);

const emailChoices: { name: keyof Omit<EmailPreferences, "updatedAt">; label: string }[] = [
  { name: "publishFailures", label: "A post failed to publish" },
  { name: "accountDisconnected", label: "An account was disconnected or needs reconnecting" },
  { name: "creditsLow", label: "Credits are running low" },
  { name: "weeklyDigest", label: "Weekly digest" },
  { name: "productUpdates", label: "Product updates" },
];

export const EmailPage: FC<{ frame: Frame; preferences: EmailPreferences; notice?: string | undefined }> = ({ frame, preferences, notice }) => (
  <DashboardLayout title="Email preferences" section="developers" frame={frame}>
    <SubNav current="email" />
    <Notice notice={notice} />
    <section class="card">
      <form method="post" action="/dashboard/developers/email">
        <Csrf token={frame.csrf} />
        <fieldset>
          <legend>Email me when</legend>
          {emailChoices.map((choice) => (
            <label class="check">
              <input type="checkbox" name={choice.name} value="on" checked={preferences[choice.name]} />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <button class="primary" type="submit" id="save-email">
          Save
        </button>
      </form>
    </section>
  </DashboardLayout>
);
