import type { Context } from "hono";
import type { DomainContext } from "../../domain/core/index.js";
import type { Frame } from "./dashboard-layout.js";
import type { DashboardEnv } from "./dashboard-env.js";

export const frameOf = (c: Context<DashboardEnv>): Frame => ({
  workspaceName: c.get("dash").ctx.workspace.name,
  viewMode: c.get("dash").session.viewMode,
  sessionMode: c.get("dash").session.mode,
  csrf: c.get("dash").session.csrfToken,
});

export const ctxOf = (c: Context<DashboardEnv>): DomainContext => c.get("dash").ctx;

/** Messages after a redirect, chosen by a fixed key so no text from the URL is ever shown. */
export const notices = {
  disconnected: "The account was disconnected.",
  revoked: "The key was revoked: requests with it are now refused.",
  cancelled: "The post was cancelled.",
  moved: "The post was moved.",
  saved: "Saved.",
  deleted: "The draft was deleted.",
  uploaded: "Uploaded: the file is in the library.",
  media_deleted: "The file was deleted.",
  approved: "Approved: the post is published or scheduled as it asked.",
  rejected: "The post was rejected.",
  removed: "Removed.",
  test_sent: "A webhook.test event was sent: its delivery appears in the log below.",
  redelivered: "The event is being delivered again: the new attempt appears in the log below.",
  replied: "Your reply was posted.",
  hidden: "The comment is hidden.",
  unhidden: "The comment is shown again.",
  comment_deleted: "The comment was deleted.",
  message_sent: "Your message was sent.",
  series_paused: "The series is paused: no new occurrence is made until you resume it.",
  series_resumed: "The series is running again.",
  series_cancelled: "The series was cancelled: its waiting occurrence is cancelled, sent ones stay.",
  agentRevoked: "The agent was revoked: its tokens are refused from now on.",
} as const;

export function noticeOf(c: Context<DashboardEnv>): string | undefined {
  const key = c.req.query("done");
  return key && Object.hasOwn(notices, key) ? notices[key as keyof typeof notices] : undefined;
}
