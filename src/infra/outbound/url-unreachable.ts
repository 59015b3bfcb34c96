import { ApiError } from "../errors.js";

/** Why a URL was refused: logged and tested, never shown to the caller. */
export type RefusalReason = "url" | "address" | "redirect" | "transport" | "timeout" | "too_large";

export const URL_UNREACHABLE_MESSAGE = "The URL could not be fetched.";

export class UrlUnreachableError extends ApiError {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, param?: string) {
    super("url_unreachable", { message: URL_UNREACHABLE_MESSAGE, param: param ?? null, beforeExecution: true });
    this.reason = reason;
  }
}
