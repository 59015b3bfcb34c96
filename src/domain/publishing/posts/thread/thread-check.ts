import { ApiError } from "../../../../infra/errors.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import { adapterFor, rulesFor } from "../../../../networks/registry.js";
import type { MediaLoader, PreparedContent, TargetIssue } from "../prepare-targets.js";
import { checkTarget } from "../validation/check-target.js";

/** One follow-up item of `thread`, as the request sends it. */
export interface ThreadItemInput {
  text: string;
  media?: string[] | undefined;
  mediaAlt?: string[] | undefined;
}

/** One item of one target's chain, checked and ready to send: position 1 answers the post itself. */
export interface PreparedThreadItem {
  position: number;
  text: string;
  media: PublishMedia[];
}

const issue = (error: ApiError, param: string): TargetIssue => ({ code: error.code, param, message: error.message, fix: error.fix });

/**
 * Checks a chain for each target, as a whole, before anything is sent: the network must have
 * chains (its rules.ts `thread`), the chain must fit the network's cap (the post counts as the
 * first item), and every item must pass exactly the checks a post of its own passes there
 * (check-target.ts: length counted the network's way, media kinds, sizes, counts). Item issues
 * name their item (`thread[1].text`). The errors join the target's own, so POST /v1/posts/validate
 * reports them and publishing refuses the target whole; no item of a refused chain is sent.
 * Returns each target's items, in the order of `prepared`.
 */
export async function checkThread(prepared: PreparedContent[], thread: readonly ThreadItemInput[] | undefined, loadMedia: MediaLoader): Promise<PreparedThreadItem[][]> {
  if (!thread || thread.length === 0) return prepared.map(() => []);
  const media = await loadMedia([...new Set(thread.flatMap((item) => item.media ?? []))]);
  return prepared.map((target) => {
    const rules = rulesFor(target.platform).thread;
    const name = adapterFor(target.platform).capabilities.name;
    if (!rules) {
      target.errors.push(
        issue(new ApiError("thread_unsupported", { message: `${name} has no reply chain of an account's own posts; \`thread\` is published on X, Threads and Bluesky only.` }), "thread"),
      );
      return [];
    }
    if (thread.length + 1 > rules.maxItems) {
      const message = `${name} takes at most ${rules.maxItems} items in one chain, the post included; this one has ${thread.length + 1}.`;
      target.errors.push(issue(new ApiError("thread_too_long", { message }), "thread"));
    }
    return thread.map((item, i) => {
      const alts = item.mediaAlt ?? [];
      const files = (item.media ?? []).flatMap((id, j) => {
        const file = media.get(id);
        return file ? [{ ...file, alt: alts[j] ?? file.alt }] : [];
      });
      const result = checkTarget({
        platform: target.platform,
        capabilities: adapterFor(target.platform).capabilities,
        text: item.text,
        textParam: `thread[${i}].text`,
        media: files,
        mediaParam: `thread[${i}].media`,
        // Options (polls, reply rules, quotes) belong to the post; the items are plain replies.
        options: {},
        accountVariant: target.account.connectVariant,
        destination: null,
      });
      target.errors.push(...result.errors.map(({ code, param, message, fix }) => ({ code, param, message, fix })));
      target.warnings.push(...result.warnings.map(({ code, param, message, fix }) => ({ code, param, message, fix })));
      return { position: i + 1, text: item.text, media: files };
    });
  });
}
