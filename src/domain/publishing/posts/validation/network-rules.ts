import { rulesFor } from "../../../../networks/registry.js";
import type { ValidationRules } from "../../../../networks/rules-schema.js";
import type { PlatformId } from "../../../../types/platform-ids.js";

/**
 * What a network enforces that the public capability record (GET /v1/platforms) has no field
 * for lives with the network, in `networks/<id>/rules.ts` (`validation`), next to the publish
 * plan that applies the same rows; the engine in check-target.ts stays generic and reads them
 * through the registry. The route descriptions (openapi/platform-options.ts) read them here too.
 */
export function validationRulesOf(platform: PlatformId): ValidationRules {
  return rulesFor(platform).validation;
}
