import * as v from "valibot";
import { named } from "../../openapi-helpers.js";

export const AppLinkSchema = named(
  "AppLink",
  v.object({
    url: v.pipe(v.string(), v.url(), v.description("The dashboard sign-in page. It opens one session (the first browser to use it), in this workspace and the key's mode; hand it to nobody else.")),
    expiresAt: v.pipe(v.string(), v.isoTimestamp(), v.description("When the link stops working (5 minutes after it was made).")),
  }),
  { url: "http://localhost:8787/dashboard/signin/al_Qm3xV8bN2kL7pR4tY9wZ1cF6hJ5sD0gA2eU8iO3nB4v", expiresAt: "2026-11-24T09:05:00.000Z" },
);
