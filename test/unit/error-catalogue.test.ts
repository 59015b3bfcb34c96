import { describe, expect, it } from "vitest";
import { type ErrorCode, type ErrorType, errorCatalogue, errorCodes } from "../../src/infra/error-catalogue.js";
import { featureCodes } from "../../src/infra/error-codes-features.js";
import { platformCodes } from "../../src/infra/error-codes-platform.js";
import { requestAndPublishCodes } from "../../src/infra/error-codes-requests.js";
import { ApiError } from "../../src/infra/errors.js";

/**
 * The status every type answers with, from the API decisions ("Errors"): schema failures 400
 * `invalid_input`, other bad requests 400 `invalid_request`, not found 404 `not_found`, state
 * conflicts 409 `conflict`, a network's refusal `platform_error` (502 failed, 422 refused).
 */
const statusOfType: Record<ErrorType, readonly number[]> = {
  invalid_input: [400],
  // HTTP's own statuses for a wrong method, a gone link, an unsatisfiable range and a reused
  // Idempotency-Key (the decisions name 422 for it), and a body of a type the route does not take (415), are bad requests too.
  invalid_request: [400, 405, 410, 415, 416, 422],
  unauthorized: [401],
  entitlement_exceeded: [402],
  forbidden: [403],
  not_found: [404],
  conflict: [409],
  rate_limited: [429],
  // 429 where the network throttles or its quota is spent: the client waits, as for our limits.
  platform_error: [422, 429, 502],
  api_error: [500],
  service_unavailable: [503],
};

/** The one exception the decisions name: the spec's own 409 for the creator marketplace. */
const exceptions: Partial<Record<ErrorCode, { type: ErrorType; status: number }>> = {
  creator_marketplace_not_onboarded: { type: "platform_error", status: 409 },
};

describe("error catalogue: one table decides status and type per code", () => {
  it.each(errorCodes)("%s follows the decisions", (code) => {
    const entry = errorCatalogue[code];
    const exception = exceptions[code];
    if (exception) expect({ type: entry.type, status: entry.status }).toEqual(exception);
    else expect(statusOfType[entry.type], `${code}: ${entry.type} ${entry.status}`).toContain(entry.status);
  });

  it("keeps every code in one section file only: a code written twice would silently answer as the later one", () => {
    const sections = [requestAndPublishCodes, featureCodes, platformCodes].flatMap((section) => Object.keys(section));
    expect(sections).toHaveLength(new Set(sections).size);
    expect(sections).toEqual(errorCodes);
  });

  it("answers 404 only as not_found and 401 only for the API key", () => {
    const notFound = errorCodes.filter((code) => errorCatalogue[code].status === 404);
    expect(notFound.filter((code) => errorCatalogue[code].type !== "not_found")).toEqual([]);
    expect(notFound).toEqual(expect.arrayContaining(["account_unknown", "profile_unknown", "media_unknown", "resource_not_found", "route_not_found"]));
    expect(errorCodes.filter((code) => errorCatalogue[code].status === 401)).toEqual(["unauthorized"]);
  });

  it("answers a connection that expired or lost a permission with 409 conflict", () => {
    for (const code of ["needs_reauth", "missing_permission", "missing_scope"] as const) {
      expect(errorCatalogue[code], code).toMatchObject({ type: "conflict", status: 409, retryable: false });
    }
  });

  it("gives a thrown error the catalogue's status and type, whatever the throwing site passes", () => {
    const error = new ApiError("account_unknown", { param: "id", message: "No such account." });
    expect({ status: error.status, type: error.type, param: error.param }).toEqual({ status: 404, type: "not_found", param: "id" });
    expect(new ApiError("needs_reauth").status).toBe(409);
  });
});
