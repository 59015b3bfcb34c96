import type { FC } from "hono/jsx";
import type { ComposeExtras } from "./compose-extras.js";
import { MAX_THREAD_ITEMS } from "./compose-extras.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { platformIds, rulesFor } from "../../networks/registry.js";

/** The networks with reply chains, named from their rules (the ones the API takes `thread` for). */
const threadNetworks = platformIds.filter((p) => rulesFor(p).thread).map(networkName);
const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

/** One box per network of the connected accounts; open when one is filled in. */
export const OverrideFields: FC<{ platforms: string[]; overrides: Record<string, string> }> = ({ platforms, overrides }) =>
  platforms.length === 0 ? null : (
    <details id="overrides" open={Object.keys(overrides).length > 0}>
      <summary>Different text for a network</summary>
      <p class="muted">Left empty, a network gets the text above.</p>
      {platforms.map((platform) => (
        <div>
          <label for={`override-${platform}`}>
            <NetworkLogo platform={platform} /> Text for {networkName(platform)}
          </label>
          <textarea id={`override-${platform}`} name={`override_${platform}`} rows={3}>
            {overrides[platform] ?? ""}
          </textarea>
        </div>
      ))}
    </details>
  );

/**
 * The first comment and the thread's follow-ups. The thread offers one empty box past the last
 * filled one (two to start), so a longer chain grows a box per Preview without script.
 */
export const ReplyFields: FC<{ extras: ComposeExtras }> = ({ extras }) => {
  const boxes = Math.min(MAX_THREAD_ITEMS, Math.max(2, extras.thread.length + 1));
  return (
    <details id="replies" open={extras.firstComment !== "" || extras.thread.length > 0}>
      <summary>First comment and thread</summary>
      <label for="firstComment">First comment (posted under the post once it is live)</label>
      <textarea id="firstComment" name="firstComment" rows={2}>
        {extras.firstComment}
      </textarea>
      <fieldset id="thread-items">
        <legend>Thread: follow-up posts, each replying to the one before ({listed(threadNetworks)})</legend>
        {Array.from({ length: boxes }, (_, i) => (
          <div>
            <label for={`thread-${i}`}>Item {i + 2}</label>
            <textarea id={`thread-${i}`} name="thread" rows={2}>
              {extras.thread[i] ?? ""}
            </textarea>
          </div>
        ))}
      </fieldset>
    </details>
  );
};
