import type { FC } from "hono/jsx";
import type { ConnectOutcome } from "../../domain/accounts/index.js";
import { networkName } from "../../domain/accounts/index.js";
import { Layout } from "../layout.js";

const AnotherLink: FC<{ linkUrl: string | null }> = ({ linkUrl }) =>
  linkUrl ? (
    <p>
      <a class="button" id="connect-another" href={linkUrl}>
        Connect another account
      </a>
    </p>
  ) : null;

/** The result when the link has no returnUrl: what happened, in words a person can act on. */
export const OutcomePage: FC<{ outcome: ConnectOutcome; linkUrl: string | null }> = ({ outcome, linkUrl }) => {
  if (outcome.status === "connected") {
    return (
      <Layout title={`Connected as @${outcome.account.handle}`}>
        <h1 id="connected">Connected as @{outcome.account.handle}</h1>
        <div class="ok" role="status">
          <p>
            Your {networkName(outcome.platform)} account <strong id="handle">@{outcome.account.handle}</strong> is connected. You can close this page.
          </p>
        </div>
        <AnotherLink linkUrl={linkUrl} />
      </Layout>
    );
  }
  if (outcome.status === "denied") {
    return (
      <Layout title="Not connected">
        <h1 id="denied">Not connected</h1>
        <p role="status">You cancelled at {networkName(outcome.platform)}, so nothing was connected.</p>
        <AnotherLink linkUrl={linkUrl} />
      </Layout>
    );
  }
  return <ErrorPage title="Could not connect" message={outcome.message} fix={outcome.fix} code={outcome.code} linkUrl={linkUrl} />;
};

/** Every refusal on the connect pages: a tampered or expired link, an unknown sign-in, a failed connection. */
export const ErrorPage: FC<{ title: string; message: string; fix: string | null; code: string; linkUrl?: string | null }> = ({ title, message, fix, code, linkUrl }) => (
  <Layout title={title}>
    <h1>{title}</h1>
    <div class="alert" id="error" role="alert">
      <p id="error-message">{message}</p>
      {fix ? <p id="error-fix">{fix}</p> : null}
    </div>
    <p class="muted">
      Error code: <code id="error-code">{code}</code>
    </p>
    <AnotherLink linkUrl={linkUrl ?? null} />
  </Layout>
);
