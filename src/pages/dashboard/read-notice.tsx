import type { FC } from "hono/jsx";
import type { ShownProblem } from "./problems-list.js";
import { networkName } from "./plain-words.js";

/** Codes a new connection fixes (the same list the post page acts on). */
const reconnect = new Set(["needs_reauth", "missing_scope", "missing_permission", "token_revoked", "unauthorized", "account_unknown"]);

const names = (platforms: Iterable<string>) => {
  const list = [...new Set(platforms)].map((p) => networkName(p)).sort();
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
};

/**
 * Accounts a read could not cover, said once in a few words rather than as one error per account:
 * networks that have no such feature, connections to renew (with the way to renew them), networks
 * that did not answer. The codes stay available under "Details" for whoever needs them.
 */
export const ReadNotice: FC<{ problems: ShownProblem[]; id: string; feature: string }> = ({ problems, id, feature }) => {
  if (problems.length === 0) return null;
  const unsupported = problems.filter((p) => p.code === "capability_unsupported");
  const renew = problems.filter((p) => reconnect.has(p.code));
  const other = problems.filter((p) => p.code !== "capability_unsupported" && !reconnect.has(p.code));
  return (
    <section class="card notice" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>Not included here</h2>
      <ul class="notice-lines">
        {unsupported.length ? (
          <li data-kind="unsupported">
            {names(unsupported.map((p) => p.platform))} {new Set(unsupported.map((p) => p.platform)).size === 1 ? "has" : "have"} no {feature} that Chorus can read.
          </li>
        ) : null}
        {renew.length ? (
          <li data-kind="reconnect">
            {names(renew.map((p) => p.platform))} need{renew.length === 1 ? "s" : ""} reconnecting before {feature} can be read: <a href="/dashboard/accounts">open Social accounts</a>.
          </li>
        ) : null}
        {other.length ? (
          <li data-kind="failed">
            {names(other.map((p) => p.platform))} did not answer{other.some((p) => p.retryable) ? " (temporary: try again shortly)" : ""}.
          </li>
        ) : null}
      </ul>
      <details>
        <summary>Details</summary>
        <ul>
          {problems.map((p) => (
            <li class="problem" data-code={p.code}>
              {networkName(p.platform)} <code>{p.account}</code>: <code>{p.code}</code>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
};
