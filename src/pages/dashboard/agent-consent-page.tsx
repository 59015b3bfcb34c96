import type { FC } from "hono/jsx";
import { actionLabels, agentActions } from "../../domain/agents/index.js";
import type { ProfileView } from "../../domain/accounts/index.js";
import { platformIds } from "../../networks/registry.js";
import { Csrf, DashboardLayout, type Frame } from "./dashboard-layout.js";

/** The authorization request's parameters, carried through the form unchanged and checked again on POST. */
export const REQUEST_FIELDS = ["response_type", "client_id", "redirect_uri", "code_challenge", "code_challenge_method", "state", "resource", "scope"] as const;

export interface ConsentModel {
  clientName: string;
  clientUri: string | null;
  /** The host serving the agent's metadata document, when its client_id is that document's URL. */
  documentHost: string | null;
  redirectUri: string;
  request: Record<string, string | undefined>;
  profiles: ProfileView[];
  selection: ConsentSelection;
  /** Why the last Allow was not accepted (it granted nothing), in plain words. */
  problem?: string | undefined;
}

/** What the form has ticked: the defaults, or what the owner sent back. */
export interface ConsentSelection {
  allProfiles: boolean;
  profiles: string[];
  allPlatforms: boolean;
  platforms: string[];
  actions: string[];
  creditsPerDay: string;
  purchasedCredits: boolean;
}

/**
 * What an agent asks for (the one agent scope: to publish and answer for the workspace) granted by
 * default: every brand and network, reading, drafting, publishing and replying, with a small daily
 * credit allowance. Engaging with strangers' posts and deleting stay for the owner to tick.
 */
export const defaultSelection: ConsentSelection = {
  allProfiles: true,
  profiles: [],
  allPlatforms: true,
  platforms: [],
  actions: ["read", "draft", "publish_or_schedule", "reply_and_message"],
  creditsPerDay: "10",
  purchasedCredits: false,
};

/**
 * Allow with nothing in one of the three groups grants the agent nothing: no action does nothing,
 * and an account is reached only through both a brand and a network of the grant (grant.ts), so
 * an empty brand or network group reaches no account. Refused, saying which group is empty.
 */
export function emptyGrantProblem(s: ConsentSelection): string | undefined {
  if (s.actions.length === 0) return "Choose at least one action, or press Deny: with no action ticked, allowing would give the agent no access at all.";
  if (!s.allProfiles && s.profiles.length === 0) return "Choose the brands it may act for (or every brand), or press Deny: with no brand ticked, allowing would give the agent no account at all.";
  if (!s.allPlatforms && s.platforms.length === 0)
    return "Choose the networks it may reach (or every network), or press Deny: with no network ticked, allowing would give the agent no account at all.";
  return undefined;
}

const isLoopback = (uri: string): boolean => {
  const url = new URL(uri);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
};

/**
 * The owner decides what the agent may do. The defaults grant what the agent asked for
 * (defaultSelection) and the owner narrows it; Allow that would grant nothing is refused. Every control
 * has a visible label; groups are fieldsets with legends, so a screen reader announces them.
 */
export const ConsentPage: FC<{ frame: Frame; model: ConsentModel }> = ({ frame, model }) => (
  <DashboardLayout title={`Allow ${model.clientName} to act for this workspace?`} section="developers" frame={frame}>
    <section class="card" aria-labelledby="agent-title">
      <h2 id="agent-title">The agent</h2>
      <p>
        <strong id="client-name">{model.clientName}</strong> asks to use Chorus for <strong>{frame.workspaceName}</strong> in <strong id="grant-mode">{frame.viewMode}</strong> mode
        {frame.viewMode === "test" ? " (the sandbox networks only)" : " (your real accounts)"}.
      </p>
      <p class="muted">
        After you answer, your browser goes back to <code id="redirect-host">{new URL(model.redirectUri).origin}</code>. The agent never sees your API key; you can change or revoke what you grant at
        any time on the Agents page.
      </p>
      {model.documentHost ? (
        <p>
          Its name comes from its metadata document at <strong id="client-host">{model.documentHost}</strong>: check that this is the agent you expect.
        </p>
      ) : null}
      {model.documentHost && isLoopback(model.redirectUri) ? (
        <p class="muted" id="loopback-warning">
          The answer goes to a program on this computer (localhost): any program here can claim to be this agent, so approve only if you just started it yourself.
        </p>
      ) : null}
      {model.clientUri ? <p class="muted">The agent says it comes from {model.clientUri}; Chorus did not check this.</p> : null}
    </section>
    <form method="post" action="/dashboard/agents/authorize" class="card" aria-labelledby="grant-title" id="consent">
      <h2 id="grant-title">What it may do</h2>
      {model.problem ? (
        <p class="alert" role="alert" id="consent-refused">
          {model.problem}
        </p>
      ) : null}
      <Csrf token={frame.csrf} />
      {REQUEST_FIELDS.map((name) => (model.request[name] !== undefined ? <input type="hidden" name={name} value={model.request[name]} /> : null))}
      <fieldset>
        <legend>Brands (profiles) it may act for</legend>
        <label class="check" for="profile-all">
          <input type="checkbox" id="profile-all" name="allProfiles" value="on" checked={model.selection.allProfiles} />
          Every brand, and accounts outside any brand
        </label>
        {model.profiles.map((p) => (
          <label class="check" for={`profile-${p.id}`}>
            <input type="checkbox" id={`profile-${p.id}`} name="profiles" value={p.id} checked={model.selection.profiles.includes(p.id)} />
            {p.username}
          </label>
        ))}
        {model.profiles.length === 0 ? <p class="muted">This workspace has no profiles yet: only "every brand" reaches its accounts.</p> : null}
      </fieldset>
      <fieldset>
        <legend>Networks it may reach</legend>
        <label class="check" for="platform-all">
          <input type="checkbox" id="platform-all" name="allPlatforms" value="on" checked={model.selection.allPlatforms} />
          Every network
        </label>
        {platformIds.map((p) => (
          <label class="check" for={`platform-${p}`}>
            <input type="checkbox" id={`platform-${p}`} name="platforms" value={p} checked={model.selection.platforms.includes(p)} />
            {p}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Actions it may take</legend>
        {agentActions.map((a) => (
          <label class="check" for={`action-${a}`}>
            <input type="checkbox" id={`action-${a}`} name="actions" value={a} checked={model.selection.actions.includes(a)} />
            {actionLabels[a]}
          </label>
        ))}
      </fieldset>
      <label for="credits-per-day">Credits it may spend per day (UTC)</label>
      <input id="credits-per-day" name="creditsPerDay" type="number" min={0} max={10000} step={1} value={model.selection.creditsPerDay} required aria-describedby="credits-help" />
      <p class="muted" id="credits-help">
        One credit per published target. At 0 the agent can read and draft but not publish.
      </p>
      <label class="check" for="purchased-credits">
        <input type="checkbox" id="purchased-credits" name="purchasedCredits" value="on" checked={model.selection.purchasedCredits} />
        It may spend credits bought up front (otherwise only the monthly allowance and granted credits)
      </label>
      <p class="alert" id="consent-problem" role="alert" hidden></p>
      <p class="row">
        <button class="primary" id="approve" type="submit" name="decision" value="approve">
          Allow
        </button>
        <button class="danger" id="deny" type="submit" name="decision" value="deny">
          Deny
        </button>
      </p>
    </form>
  </DashboardLayout>
);
