import * as v from "valibot";
import { getLimits } from "../../domain/workspaces/index.js";
import { getMe } from "../../domain/workspaces/index.js";
import { PlatformCapabilitiesSchema } from "../../networks/platform-capabilities-schema.js";
import { allCapabilities } from "../../networks/derived-capabilities.js";
import { LimitsSchema, MeSchema } from "../../routes/v1/me/schema.js";
import { defineTool, readOnly } from "../tool.js";

const NoArguments = v.strictObject({});

export const accountTools = [
  defineTool({
    name: "whoami",
    action: "self",
    title: "Who am I",
    description: "The workspace and key this connection acts for, as GET /v1/me. Costs nothing; use it to check the connection.",
    input: NoArguments,
    output: MeSchema,
    annotations: readOnly,
    run: async ({ ctx }) => getMe({ ctx }),
  }),
  defineTool({
    name: "get_limits",
    action: "read",
    title: "Credits and limits",
    description: "Credits, billing mode, connected accounts and the rate limits in force (GET /v1/me/limits). Read it before planning a batch of posts.",
    input: NoArguments,
    output: LimitsSchema,
    annotations: readOnly,
    run: async ({ ctx }) => getLimits({ ctx }),
  }),
  defineTool({
    name: "list_platforms",
    action: "read",
    title: "Network capabilities",
    description:
      "Every network's capability record (GET /v1/platforms): text limits and how they are counted, media rules, asynchronous publishing, supported reads and actions, and each `platformOptions` field with its valid values.",
    input: NoArguments,
    output: v.object({ items: v.array(PlatformCapabilitiesSchema), cursor: v.null() }),
    annotations: readOnly,
    run: async () => ({ items: allCapabilities(), cursor: null }),
  }),
];
