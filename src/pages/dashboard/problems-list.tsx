import type { FC } from "hono/jsx";
import { errorCatalogue, isErrorCode } from "../../infra/error-catalogue.js";

export interface ShownProblem {
  account: string;
  platform: string;
  code: string;
  message: string;
  retryable: boolean;
}

/** The catalogue's fix for a code, when the code is one of ours (a network's own code has none). */
export function fixOf(code: string): string | null {
  return isErrorCode(code) ? errorCatalogue[code].fix : null;
}

/**
 * Networks that could not answer (no such capability, a connection to renew, a failure), shown
 * beside the results and never hidden: an empty list must not read as "nothing happened".
 */
export const ProblemsList: FC<{ problems: ShownProblem[]; id: string; title?: string }> = ({ problems, id, title = "Not shown" }) =>
  problems.length === 0 ? null : (
    <section class="card" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul>
        {problems.map((p) => (
          <li class="problem" data-code={p.code}>
            <strong>{p.platform}</strong> <code>{p.account}</code>: <code>{p.code}</code> {p.message}
            {p.retryable ? " (temporary: try again shortly)" : ""}
            {fixOf(p.code) ? <p class="muted">How to fix: {fixOf(p.code)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );

/** A post target's warnings (sent, but the network may change something), one line each. */
export const TargetWarnings: FC<{ warnings: readonly { code: string; message: string }[] }> = ({ warnings }) => (
  <>
    {warnings.map((w) => (
      <p class="muted">
        Warning <code>{w.code}</code>: {w.message}
      </p>
    ))}
  </>
);
