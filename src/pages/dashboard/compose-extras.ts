import type { Context } from "hono";
import type { PostView } from "../../domain/publishing/index.js";
import { isPlatformId } from "../../networks/registry.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { field } from "./dashboard-env.js";
import { values } from "./post-form-read.js";

const MAX_TEXT = 65_000;
/** Follow-up items the form offers; the networks' own chains stop at 25 items, the post included. */
export const MAX_THREAD_ITEMS = 24;

/** What Compose adds to the post form: text per network, the first comment and a thread's follow-ups. */
export interface ComposeExtras {
  /** `override_<platform>`: that network's own text; empty means the main text. */
  overrides: Record<string, string>;
  firstComment: string;
  /** Follow-up items in order, blanks kept so a refused form comes back as typed. */
  thread: string[];
}

export const noExtras = (): ComposeExtras => ({ overrides: {}, firstComment: "", thread: [] });

export function readComposeExtras(c: Context<DashboardEnv>): ComposeExtras {
  const overrides: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.var.form)) {
    const platform = name.startsWith("override_") ? name.slice(9) : "";
    if (isPlatformId(platform) && typeof value === "string" && value.trim() !== "") overrides[platform] = value.slice(0, MAX_TEXT);
  }
  const thread = values(c, "thread", MAX_THREAD_ITEMS).map((item) => item.slice(0, MAX_TEXT));
  // Trailing empty boxes are the form's spare ones, not items.
  while (thread.length > 0 && thread[thread.length - 1]?.trim() === "") thread.pop();
  return { overrides, firstComment: (field(c, "firstComment") ?? "").slice(0, MAX_TEXT), thread };
}

/** "Edit and post again": the post's own text per network comes with it. */
export function extrasOfPost(post: PostView): ComposeExtras {
  return { ...noExtras(), overrides: { ...post.textOverrides } };
}

/** The text a network gets: its own, else the main text, as POST /v1/posts applies `textOverrides`. */
export const textFor = (text: string, extras: ComposeExtras, platform: string): string => (extras.overrides[platform] ?? text).trim();

/**
 * The extras as fields of the API's request, for the networks the post goes to: `textOverrides`,
 * `firstComment` and `thread`, each left out when empty (the API refuses an empty one).
 */
export function extrasRequest(extras: ComposeExtras, platforms: readonly string[]): Record<string, unknown> {
  const textOverrides = Object.fromEntries(
    Object.entries(extras.overrides)
      .filter(([platform]) => platforms.includes(platform))
      .map(([platform, text]) => [platform, text.trim()]),
  );
  const thread = extras.thread.map((text) => text.trim()).filter((text) => text !== "");
  return {
    ...(Object.keys(textOverrides).length > 0 ? { textOverrides } : {}),
    ...(extras.firstComment.trim() !== "" ? { firstComment: { text: extras.firstComment.trim() } } : {}),
    ...(thread.length > 0 ? { thread: thread.map((text) => ({ text })) } : {}),
  };
}
