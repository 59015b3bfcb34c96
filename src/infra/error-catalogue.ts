/**
 * The closed catalogue of error codes. Every error Chorus returns carries one of these codes; the
 * type, HTTP status, retryability and default fix come from here so that the same code always
 * means the same thing. The `/docs` page renders this table, one anchor per code.
 */
import { featureCodes } from "./error-codes-features.js";
import { platformCodes } from "./error-codes-platform.js";
import { requestAndPublishCodes } from "./error-codes-requests.js";

export { type CatalogueEntry, type ErrorType, errorTypes } from "./error-catalogue-entry.js";

/** In this order on the /docs page, one anchor per code. */
export const errorCatalogue = { ...requestAndPublishCodes, ...featureCodes, ...platformCodes };

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalogue, value);
}
