import type { FC } from "hono/jsx";
import { Layout, SandboxNotice } from "../layout.js";

export interface PasswordFormModel {
  name: string;
  workspaceName: string;
  mode: "test" | "live";
  handle?: string;
  error?: { message: string; fix: string | null; param: string | null } | null;
  listUrl: string;
}

/**
 * Networks that log in with an app password (Bluesky). The form posts to its own URL; a refusal
 * comes back here with the network's reason and the fix, and the handle kept (never the password).
 */
export const PasswordFormPage: FC<{ model: PasswordFormModel }> = ({ model }) => {
  const error = model.error ?? null;
  return (
    <Layout title={`Connect ${model.name}`}>
      <h1>Connect {model.name}</h1>
      <SandboxNotice mode={model.mode} />
      <p>
        <strong>{model.workspaceName}</strong> asks to publish and read on your behalf. Use an app password, never your main password.
      </p>
      {error ? (
        <div class="alert" id="error" role="alert">
          <p id="error-message">{error.message}</p>
          {error.fix ? <p id="error-fix">{error.fix}</p> : null}
        </div>
      ) : null}
      <form method="post">
        <label for="handle">Handle</label>
        <input
          id="handle"
          name="handle"
          required
          autocomplete="username"
          autocapitalize="none"
          spellcheck={false}
          placeholder="alice.bsky.social"
          value={model.handle ?? ""}
          aria-invalid={error?.param === "handle" ? "true" : undefined}
        />
        <label for="app-password">App password</label>
        <input
          id="app-password"
          name="appPassword"
          type="password"
          required
          autocomplete="off"
          aria-describedby="app-password-hint"
          aria-invalid={error?.param === "appPassword" ? "true" : undefined}
        />
        <p class="hint" id="app-password-hint">
          Create one in {model.name}: Settings, Privacy and security, App passwords.
        </p>
        <p>
          <button class="primary" id="connect" type="submit">
            Connect {model.name}
          </button>
        </p>
      </form>
      <footer>
        <a href={model.listUrl}>Back to the list of networks</a>
      </footer>
    </Layout>
  );
};
