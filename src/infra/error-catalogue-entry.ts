/** One code of the catalogue (error-catalogue.ts): its type, HTTP status, retryability and default fix. */

export const errorTypes = [
  "invalid_request",
  "invalid_input",
  "unauthorized",
  "entitlement_exceeded",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "platform_error",
  "api_error",
  "service_unavailable",
] as const;
export type ErrorType = (typeof errorTypes)[number];

export interface CatalogueEntry {
  type: ErrorType;
  status: number;
  retryable: boolean;
  /** What the code means, for the docs table. */
  meaning: string;
  /** Plain-language correction; `null` only where no fix exists (an unrecognised network refusal). */
  fix: string | null;
}

export const e = (type: ErrorType, status: number, retryable: boolean, meaning: string, fix: string | null): CatalogueEntry => ({
  type,
  status,
  retryable,
  meaning,
  fix,
});

/** The fix every code that needs the account connected again gives. */
export const reconnect = "Reconnect the account through a connect link (POST /v1/connect-link) and accept every permission asked.";
