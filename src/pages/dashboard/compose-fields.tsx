import type { FC } from "hono/jsx";
import type { ComposeExtras } from "./compose-extras.js";
import { MAX_THREAD_ITEMS, cardOptOut } from "./compose-extras.js";
import { type LibraryItem, describe } from "./media-page.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { platformIds, rulesFor } from "../../networks/registry.js";

/** The networks with reply chains, named from their rules (the ones the API takes `thread` for). */
const threadNetworks = platformIds.filter((p) => rulesFor(p).thread).map(networkName);
const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

/** Files the network's own list can hold: the post's, then those only its own list has (from the API or an earlier edit). */
const offeredFiles = (main: readonly string[], own: readonly string[] = []) => [...new Set([...main, ...own])];

/**
 * A network's own files: ticking "Choose" makes the ticked files its `mediaOverrides` (none ticked:
 * a text-only post there); a file only that network has keeps an alt text box of its own.
 */
const OwnFiles: FC<{ platform: string; main: string[]; extras: ComposeExtras; files: Map<string, LibraryItem> }> = ({ platform, main, extras, files }) => {
  const own = extras.media[platform];
  const offered = offeredFiles(main, own);
  if (offered.length === 0) return null;
  const name = networkName(platform);
  return (
    <fieldset class="own-files" id={`own-files-${platform}`}>
      <legend>Files for {name}</legend>
      <label class="check" for={`ownMedia-${platform}`}>
        <input type="checkbox" id={`ownMedia-${platform}`} name={`ownMedia_${platform}`} value="yes" checked={own !== undefined} /> Give {name} only the files ticked below (otherwise it gets the
        post's files)
      </label>
      {offered.map((id, i) => {
        const item = files.get(id);
        return (
          <div class="own-file">
            <label class="check" for={`media-${platform}-${id}`}>
              <input type="checkbox" id={`media-${platform}-${id}`} name={`media_${platform}`} value={id} checked={own ? own.includes(id) : main.includes(id)} />
              {item ? describe(item.media) : `File ${i + 1}`}
            </label>
            {main.includes(id) ? null : (
              <>
                <label for={`alt-${platform}-${id}`}>Alt text of this file on {name}</label>
                <input id={`alt-${platform}-${id}`} name={`alt_${platform}_${id}`} value={extras.mediaAlt[platform]?.[id] ?? ""} maxlength={2000} />
              </>
            )}
          </div>
        );
      })}
    </fieldset>
  );
};

/**
 * A network's file choice in a box of its own (empty while the post has no files), so Compose's
 * upload swaps in each network's list with the new file without touching the text around it.
 */
export const OwnFilesSlot: FC<{ platform: string; main: string[]; extras: ComposeExtras; files: Map<string, LibraryItem> }> = (props) => (
  <div id={`files-for-${props.platform}`} data-files-for={props.platform}>
    <OwnFiles {...props} />
  </div>
);

/** One box (and the file choice, when the post has files) per network of the post's accounts; open when one is in use. */
export const OverrideFields: FC<{ platforms: string[]; extras: ComposeExtras; main: string[]; files: Map<string, LibraryItem> }> = ({ platforms, extras, main, files }) =>
  platforms.length === 0 ? null : (
    <details id="overrides" open={Object.keys(extras.overrides).length > 0 || Object.keys(extras.media).length > 0}>
      <summary>Different text or files for a network</summary>
      <p class="muted">Left empty, a network gets the text and files above.</p>
      {platforms.map((platform) => (
        <div class="network-override">
          <label for={`override-${platform}`}>
            <NetworkLogo platform={platform} /> Text for {networkName(platform)}
          </label>
          <textarea id={`override-${platform}`} name={`override_${platform}`} rows={3}>
            {extras.overrides[platform] ?? ""}
          </textarea>
          <OwnFilesSlot platform={platform} main={main} extras={extras} files={files} />
        </div>
      ))}
    </details>
  );

/** The card option of each network that draws a link card and can be asked not to (its rules' `linkCard.optOut`). */
export const LinkCardFields: FC<{ platforms: string[]; extras: ComposeExtras }> = ({ platforms, extras }) => {
  const offered = platforms.filter((platform) => cardOptOut(platform) !== undefined);
  return offered.length === 0 ? null : (
    <fieldset id="link-cards">
      <legend>Link cards</legend>
      {offered.map((platform) => (
        <label class="check" for={`linkCard-${platform}`}>
          <input type="hidden" name="linkCardAsked" value={platform} />
          <input type="checkbox" id={`linkCard-${platform}`} name={`linkCard_${platform}`} value="yes" checked={!extras.cardOff.includes(platform)} />
          <NetworkLogo platform={platform} /> {networkName(platform)}: show the first link as a card (its page's title, description and image) when the post has no files
        </label>
      ))}
    </fieldset>
  );
};

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
