import * as v from "valibot";
import { PlatformRecordSchema } from "./capabilities-schema.js";
import { platformIds } from "./registry.js";

/**
 * The public capability record of one network (GET /v1/platforms, the MCP tool, their OpenAPI
 * description): the record with `platform` one of the registered ids. The override keeps the
 * field's place, first, so the description is what it was when the list lived in this schema.
 */
export const PlatformCapabilitiesSchema = v.object({ ...PlatformRecordSchema.entries, platform: v.picklist(platformIds) });
