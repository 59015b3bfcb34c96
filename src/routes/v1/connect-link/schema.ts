import * as v from "valibot";
import { MAX_RETURN_URL_LENGTH, returnUrlProblem } from "../../../domain/accounts/index.js";
import { platformIds } from "../../../networks/registry.js";
import { named, namedBody } from "../../openapi-helpers.js";

const returnUrl = v.pipe(
  v.string(),
  // The domain's own rule, with its message naming the exact problem; maxLength after it only
  // puts the limit in the OpenAPI document (the first issue is the one reported).
  v.check(
    (value) => returnUrlProblem(value) === null,
    (issue) => returnUrlProblem(String(issue.input)) ?? "returnUrl is not allowed.",
  ),
  v.maxLength(MAX_RETURN_URL_LENGTH),
  v.description(
    "Where the person's browser is sent when they finish, with the outcome in the query: `status=connected&account=acc_…&platform=…`, `status=denied&platform=…`, or `status=error&code=…&message=…&platform=…`. Absolute https URL of at most 2,048 characters; http only for localhost and 127.0.0.1. Without it, Chorus shows its own result page.",
  ),
);

const profile = v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.description("Username of the profile new accounts are attached to."));

export const ConnectLinkBody = namedBody(
  "CreateConnectLinkRequest",
  v.strictObject({
    profile: v.optional(profile),
    returnUrl: v.optional(returnUrl),
    platforms: v.pipe(v.optional(v.pipe(v.array(v.picklist(platformIds)), v.minLength(1), v.maxLength(platformIds.length))), v.description("The networks the page offers; all ten when omitted.")),
  }),
  { profile: "ada", platforms: ["instagram", "linkedin"], returnUrl: "https://app.example.com/connected" },
);

export const DoorLinkQuery = v.strictObject({
  platform: v.pipe(v.optional(v.picklist(platformIds)), v.description("Go straight to this network's door instead of the list.")),
  variant: v.pipe(
    v.optional(v.picklist(["facebook_login", "instagram_login", "member", "organization"])),
    v.description(
      "Instagram: the door to open. `facebook_login` (through a Facebook Page) is needed for creator search and branded partners; default `instagram_login`. LinkedIn: `member` (Sign In + Share on LinkedIn: the person's own profile) or `organization` (Community Management API: the profile and the company pages the person may post for); each asks only for its product's permissions, and only the products the server's LinkedIn app has are offered (CHORUS_LINKEDIN_PRODUCTS); default the most capable one available.",
    ),
  ),
  profile: v.optional(profile),
  returnUrl: v.optional(returnUrl),
});

export const ConnectLinkSchema = named(
  "ConnectLink",
  v.object({
    url: v.pipe(v.string(), v.url(), v.description("The page to open in a browser. Anyone holding it can connect accounts to your workspace until it expires: hand it only to the person connecting.")),
    expiresAt: v.pipe(v.string(), v.isoTimestamp(), v.description("When the link stops working (15 minutes after it was made).")),
  }),
  { url: "http://localhost:8787/connect/cl_Yt6Bn2Vx8Qk4Lm1Rz7Pd3Hs", expiresAt: "2026-11-24T09:15:00.000Z" },
);

/** Validation issues on `returnUrl` answer with the spec's code rather than a generic one. */
export const returnUrlCodes = { codes: { returnUrl: "invalid_return_url" as const } };
