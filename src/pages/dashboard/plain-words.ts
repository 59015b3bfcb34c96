import { adapterFor, isPlatformId } from "../../networks/registry.js";

/** What the person can do about a problem, shown as a button rather than described. */
export type FixAction = "reconnect" | "edit" | "wait" | null;

export interface PlainProblem {
  message: string;
  fix: string;
  action: FixAction;
}

/** Codes a new connection fixes: the network no longer lets Chorus act for the account. */
const reconnectCodes = new Set(["needs_reauth", "missing_scope", "missing_permission", "channel_gone", "account_unknown", "token_revoked", "unauthorized"]);

export const networkName = (platform: string | null | undefined): string => (platform && isPlatformId(platform) ? adapterFor(platform).capabilities.name : (platform ?? "The network"));

/** The option that names where inside the account a post goes (Facebook page, Pinterest board, ...). */
const destinationWords: Record<string, string> = { pageId: "page", boardId: "board", location: "location", author: "organisation" };

/**
 * Sentences written for API callers (an endpoint, a header, a field name in backticks) are not
 * the dashboard's: they are dropped, and backticks never reach the page.
 */
function forPeople(text: string): string {
  return text
    .replace(/\s*\((?:GET|POST|PATCH|PUT|DELETE) \/[^)]*\)/g, "")
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !/\/v1\/|openapi|Idempotency|\b(?:GET|POST|PATCH|PUT|DELETE) \/|`param`|platformOptions|Authorization|API key/i.test(sentence))
    .join(" ")
    .replaceAll("`", "")
    .trim();
}

/** A problem in plain words with the one action that fixes it; `param` points at a destination picker when it names one. */
export function plainProblem(problem: { code: string; message: string; fix: string | null; param?: string | null | undefined; retryable?: boolean }, platform: string | null = null): PlainProblem {
  const name = networkName(platform);
  if (reconnectCodes.has(problem.code)) {
    return {
      message: `${name} no longer lets Chorus post for this account (the connection expired or a permission was taken back).`,
      fix: "Reconnect the account, accepting every permission asked, then post again.",
      action: "reconnect",
    };
  }
  if (problem.code === "rate_limited" || problem.code === "platform_unavailable" || problem.retryable) {
    return { message: forPeople(problem.message) || `${name} was busy and did not take the post.`, fix: "Wait a few minutes, then post it again.", action: "wait" };
  }
  const option = (problem.param ?? "").split(".").pop() ?? "";
  const destination = destinationWords[option];
  if (destination || problem.code === "pin_board_missing") {
    const what = destination ?? "board";
    return { message: forPeople(problem.message) || `No ${what} was chosen.`, fix: `Choose a ${what} in the ${name} picker above the text, then send again.`, action: "edit" };
  }
  const message = forPeople(problem.message) || "The network refused the post as it is.";
  const fix = forPeople(problem.fix ?? "") || "Change the post as the message says, then send it again.";
  return { message, fix, action: "edit" };
}

/** A text for people from any API text (a warning, a notice): the same cleaning, nothing else. */
export const plainText = (text: string): string => forPeople(text);
