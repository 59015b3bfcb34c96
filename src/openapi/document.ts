import { IDEMPOTENCY_TTL_MS } from "../domain/core/index.js";
import { MAX_JSON_BODY_BYTES } from "../http/validate.js";

export const API_VERSION = "1.0.0";

const description = `Chorus is a unified social media API: one API key reaches ten social networks with normalised records and per-target results.

## Authentication
Send \`Authorization: Bearer <key>\` on every request except the public ones (\`GET /v1/platforms\`, \`/openapi.json\`, \`/docs\`). Keys are \`sk_test_…\` (the sandbox networks) or \`sk_live_…\` (the real networks). A missing or unknown key is 401 \`unauthorized\`, not retryable. A server trusts a key it verified for a few seconds (\`CHORUS_KEY_CACHE_SECONDS\`, default 5) without reading it again: a revocation or plan change made through the server that holds the key takes effect at once there, and on every other server or Worker isolate within that many seconds. Once an address has been answered 429 (its per-address limit, which refused keys count against), a key the server has not verified in the last few seconds is answered 429 from that address until the window resets, without being looked up.

## Errors
Every error is \`{ "error": { type, message, code, param, fix, docs, platform, retryable, requestId } }\`. Branch on \`code\`; every code is listed with its meaning and fix at [/docs/errors](/docs/errors). Validation failures are 400 with type \`invalid_input\`: \`field_unknown\` (a field the endpoint does not accept; \`param\` names it), \`field_wrong_type\` (a value of the wrong JSON type), \`field_required\`, \`field_invalid\` (the right type, a value not allowed: out of range, too long, or not one of the values the field lists). Bodies that are not JSON are 400 \`body_not_json\`; JSON bodies are limited to ${MAX_JSON_BODY_BYTES} bytes (400 \`body_too_large\`). A refused request writes nothing. One table decides each code's status and type: not found is 404 \`not_found\`; a state that does not allow the operation is 409 \`conflict\`; a network connection that expired or lost a permission is 409 \`conflict\` with \`needs_reauth\` or \`missing_permission\` (reconnect the account), never 401, which is only about the API key.

## Idempotency
Every write (POST, PATCH, DELETE) accepts \`Idempotency-Key\` (1–255 printable ASCII characters). Keys are per workspace and kept for ${IDEMPOTENCY_TTL_MS / 3_600_000} hours. The same key with the same request returns the stored status and body with \`Idempotent-Replayed: true\` and does nothing again; the same key with another body is 422 \`idempotency_key_reused\`; while the first request runs, a duplicate gets 409 \`idempotency_in_progress\` with \`Retry-After: 1\`. Requests refused before they ran (validation, rate limits) and server errors are not stored, so a corrected retry runs.

## Rate limits
Per workspace: \`apiPerMinute\` (default 600) for every authenticated request and \`postsPerMinute\` (default 60) for publishing; per profile (when the request names one): 120 and 20. Public routes and refused keys: 600 per minute per address. Windows slide over 60 seconds. Every response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds); a refusal is 429 \`rate_limited\` with \`Retry-After\` in seconds. \`GET /v1/me/limits\` shows the values in force.

## Lists
Lists answer \`{ items, cursor }\`; \`cursor\` is null on the last page. Pass it back verbatim as \`cursor\`. \`limit\` is 1–100, default 50; out of range is a 400, not clamped. The social-account list answers \`{ accounts, nextCursor }\`.

## Ids and time
Ids are random and prefixed: \`ws_\` workspaces, \`agt_\` agents (API keys), \`prf_\` profiles, \`acc_\` social accounts, \`post_\` posts, \`med_\` media, \`evt_\` events. Timestamps are ISO 8601 in UTC.`;

export const openApiDocumentation = {
  openapi: "3.1.0",
  info: {
    title: "Chorus API",
    version: API_VERSION,
    description,
    license: { name: "Apache-2.0", identifier: "Apache-2.0" },
  },
  // Replaced per request with the origin that served the document (docs-routes.tsx).
  servers: [{ url: "/", description: "This server" }],
  tags: [
    { name: "Account", description: "The workspace, its key, limits, export, audit and email preferences." },
    { name: "Profiles", description: "Named groups of social accounts; one profile stands for one end user." },
    {
      name: "Queues",
      description:
        "Each profile's posting queue: weekly wall-clock slots in one IANA zone. `POST /v1/posts` with `queue: true` takes the next free slot; two posts never share one. Daylight saving: a slot skipped by a spring-forward gap moves forward by the gap (02:30 becomes 03:30); a time repeated on a fall-back day is its first occurrence.",
    },
    {
      name: "Series",
      description:
        "Recurring posts: `POST /v1/posts` with `recurrence` (an RRULE), `scheduledAt` and `timezone` makes a series; each occurrence is a post of its own (`series` on it), made one ahead by the minute's sweep and sent, charged and reported (`post.*` events) like any scheduled post, at the wall-clock time in the series' zone across daylight-saving changes. A failed occurrence does not stop the series; one more than 15 minutes late (paused, or nothing ran) is skipped.",
    },
    { name: "Platforms", description: "The public capability registry: what each network accepts." },
    { name: "Social accounts", description: "Connected network accounts (channels), their destinations and network-side settings." },
    { name: "Connect", description: "Hosted connect links and bring-your-own app credentials." },
    { name: "Media", description: "Uploaded images and videos, referenced by `med_` id from posts." },
    { name: "Posts", description: "Publishing, scheduling, drafts and per-target results." },
    { name: "Approvals", description: "Rules that hold posts for a person's approval, and the decision (approve, reject, signed reviewer links)." },
    { name: "Sandbox", description: "Test keys only: controls of the simulated networks." },
    { name: "Webhooks", description: "Signed event deliveries to your endpoints, their log, and the event log." },
    { name: "Agents", description: "The MCP endpoint: the same operations as tools for software agents." },
    { name: "Dashboard", description: "Sign-in links to the web dashboard." },
    { name: "Inbox", description: "Notifications across networks, read in parallel with a `problems` entry for every network that could not be read." },
    {
      name: "Analytics",
      description: "Normalised post and account metrics with each network's own names beside them, cached with `fetchedAt`; networks that cannot be read are reported, never zeros.",
    },
    {
      name: "Live video",
      description:
        "Live broadcasts on Facebook pages and YouTube channels. States: `scheduled` or `ready` -> (start) -> `live` -> (end) -> `ended`/`processing` -> `replay_ready`; `scheduled` -> (end) -> `ended` cancels. The network's own status is `networkStatus`. Stream credentials (`ingest`) appear once, in the creation answer; POST .../credentials reveals them again and is audited.",
    },
    { name: "Discovery", description: "Public posts, profiles, creators and places on the networks, read through your connected accounts." },
  ],
  security: [{ bearerAuth: [] }],
  components: {
    securitySchemes: {
      bearerAuth: { type: "http" as const, scheme: "bearer", description: "An API key: `sk_test_…` or `sk_live_…`." },
    },
  },
};
