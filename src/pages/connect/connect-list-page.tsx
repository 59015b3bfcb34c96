import type { FC } from "hono/jsx";
import type { ConnectPageModel } from "../../domain/accounts/index.js";
import { Layout, SandboxNotice } from "../layout.js";

const doorId = (platform: string, variant: string | null) => `connect-${platform}${variant ? `-${variant}` : ""}`;

/** GET /connect/:token: who asks, then one button per network (Instagram: one per door). */
export const ConnectListPage: FC<{ model: ConnectPageModel; token: string }> = ({ model, token }) => (
  <Layout title={`Connect your accounts to ${model.workspaceName}`}>
    <h1 id="title">Connect your accounts</h1>
    <SandboxNotice mode={model.mode} />
    <p>
      <strong id="workspace-name">{model.workspaceName}</strong> asks to publish and read on your behalf
      {model.profile ? (
        <>
          {" "}
          for <strong id="profile-name">{model.profile}</strong>
        </>
      ) : null}
      . Pick a network; you approve on the network's own page and can revoke access there at any time.
    </p>
    <nav aria-labelledby="title">
      <ul class="doors" id="doors">
        {model.doors.map((door) => (
          <li>
            <a class="button" id={doorId(door.platform, door.variant)} href={`/connect/${token}/${door.path}`}>
              {door.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
    <footer>
      This link works until <time datetime={model.expiresAt}>{model.expiresAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}</time>. Only open it if you expected it from {model.workspaceName}.
    </footer>
  </Layout>
);
