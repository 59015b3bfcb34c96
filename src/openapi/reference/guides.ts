/**
 * The guides beside the reference, in the little Markdown markdown.tsx renders. Each states only
 * what the API does (the operations they name are linked to their pages); the README holds the
 * same flows with more about running the server.
 */
export interface Guide {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

const quickStart = `Run Chorus on your machine, get a test key, connect a sandbox account and publish, in about five minutes.

## 1. Start the server

\`\`\`
npm install && npm start
\`\`\`

It serves the API on \`http://localhost:8787\` with an embedded database under \`./.data\`. On the first start with an empty data folder it creates a workspace and prints its test key once, on a line of its own (\`sk_test_…\`). Keep it.

## 2. Set the two variables every sample on these pages reads

\`\`\`
export CHORUS_URL=http://localhost:8787
export CHORUS_API_KEY=sk_test_…
curl -s "$CHORUS_URL/v1/me" -H "Authorization: Bearer $CHORUS_API_KEY"
\`\`\`

A test key (\`sk_test_…\`) reaches the built-in sandbox networks only; nothing it does reaches a real network. A live key (\`sk_live_…\`) reaches the real ones.

## 3. Connect a sandbox account

With a test key every network but Bluesky connects by handle alone; Bluesky takes a handle (a domain name) and an app password, any app password in the sandbox. See [Connect a social account](/docs/operations/connectSocialAccount).

\`\`\`
curl -s -X POST "$CHORUS_URL/v1/social-accounts/connect" -H "Authorization: Bearer $CHORUS_API_KEY" \\
  -H "Content-Type: application/json" -d '{"platform":"bluesky","handle":"ada.bsky.social","appPassword":"abcd-efgh-ijkl-mnop"}'
\`\`\`

The answer's \`id\` (\`acc_…\`) names the account in posts.

## 4. Publish

\`\`\`
curl -s -X POST "$CHORUS_URL/v1/posts" -H "Authorization: Bearer $CHORUS_API_KEY" \\
  -H "Idempotency-Key: $(node -p 'crypto.randomUUID()')" -H "Content-Type: application/json" \\
  -d '{"text":"Hello from Chorus!","accounts":["acc_…"]}'
\`\`\`

The answer is 201 with one result per target: its \`state\`, the network's \`url\`, or an \`error\` with a \`fix\`. The same \`Idempotency-Key\` sent again never posts twice.

## 5. The same from TypeScript

The SDK lives in \`clients/typescript\` (package \`@chorus-api/sdk\`; \`npm pack\` there makes an installable tarball).

\`\`\`
import { createChorusClient, idempotencyKey, unwrap } from "@chorus-api/sdk";

const chorus = createChorusClient({ apiKey: process.env.CHORUS_API_KEY!, baseUrl: process.env.CHORUS_URL });
const post = unwrap(await chorus.POST("/v1/posts", {
  body: { text: "Hello from Chorus!", accounts: ["acc_…"] },
  params: { header: { "Idempotency-Key": idempotencyKey() } },
}));
console.log(post.targets);
\`\`\`

Every operation page has the same call in curl, TypeScript and Python, and a try-it form that sends it with the test key you paste.`;

const publishing = `A post goes to one or more connected accounts (\`accounts\`, the \`acc_…\` ids); each is a target with its own result.

## Check before sending

[Validate a post](/docs/operations/validatePost) runs the same checks publishing runs, per target, without touching a network and without charge: \`errors\` block a target, \`warnings\` do not.

## Now, later, or in the queue

- Now: [Create a post](/docs/operations/createPost) with \`text\`, \`accounts\` and optionally \`media\` (\`med_…\` ids from [Upload media](/docs/operations/uploadMedia)).
- Later: add \`scheduledAt\` (ISO 8601; without an offset, give \`timezone\`).
- In the profile's queue: \`queue: true\` takes the next free weekly slot of the profile's queue (see the Queues operations).
- As a draft: \`draft: true\` stores it; publish it later.

Send an \`Idempotency-Key\` with every write you may retry: the same key with the same body returns the stored answer and does nothing again.

## First comment

\`firstComment\` is posted under each target's post once it is live (a reply on X, Threads and Bluesky; a comment on Instagram, Facebook pages, LinkedIn and YouTube). \`platformOptions.<network>.firstComment\` gives one target its own, or \`false\` for none. TikTok, Pinterest and Google Business refuse it with \`first_comment_unsupported\`. Its outcome is \`targets[].firstComment\` and never changes the post's own state.

\`\`\`
{"text":"New release out today","accounts":["acc_…"],"firstComment":{"text":"Changelog: https://example.com/changelog"}}
\`\`\`

## Threads

On X, Threads and Bluesky, \`thread\` adds replies after the post, each to the one before it. The whole chain is checked before its first item is sent (25 items at most, the post included); each item costs a credit, and \`targets[].thread\` lists each item's \`state\` and \`url\`. If an item fails mid-chain the rest are \`not_sent\` and their credits come back; the same request with the same \`Idempotency-Key\` resumes after the last live item. Other networks refuse the target with \`thread_unsupported\`.

\`\`\`
{"text":"1/3 Why we built Chorus","accounts":["acc_…"],"thread":[{"text":"2/3 One API for ten networks."},{"text":"3/3 Try it: npm start"}]}
\`\`\`

## Results and charges

A post answers 201 with one result per target whatever happened; targets that fail a check are refused on their own and the rest are sent. One credit is charged per published target. Networks that publish asynchronously finish in the background (\`processing\`, then the \`post.published\`, \`post.partial\` or \`post.failed\` event). Approval rules (the Approvals operations) can hold a post in \`pending_approval\` until a person approves it.`;

const inboxWebhooks = `## Webhooks

[Create a webhook endpoint](/docs/operations/createWebhook) with its \`url\` and the \`events\` to receive (all when omitted). The answer holds the endpoint's \`secret\` (\`whsec_…\`), shown once.

Each event is POSTed as \`{ id, type, createdAt, data }\` with \`service-signature: t=<unix>,v1=<hex>\`, \`service-event-id\` and \`service-delivery-attempt\`. To verify: compute the hex HMAC-SHA256 of \`<t>.<raw body>\` keyed with the secret, compare it in constant time with each \`v1\` (two during a secret rotation), and refuse a \`t\` more than 300 s away. The SDK's \`verifyWebhookSignature({ payload, header, secret })\` does exactly this.

Answer 2xx within 10 s and drop an event id you already have: a delivery can arrive twice. A failed attempt is retried 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later (eight attempts), then the delivery is \`failed\`; an endpoint whose deliveries all failed for 3 days is disabled. Each endpoint's deliveries, a test event and a redelivery are operations of the Webhooks tag; the event log is \`GET /v1/events\`.

With a live key the URL must be https and resolve to public addresses; a test key may also use \`http://localhost\` where the server allows loopback webhooks.

## Inbox

Notifications, comments, messages and reviews are read across networks in parallel (the Inbox operations). Each answer carries a \`problems\` entry for every network that could not be read, never a silent gap.

New items arrive as events: \`comment.received\`, \`mention.received\` and \`message.received\`. Meta's networks push them to \`/webhooks/meta\`; X and Bluesky are polled, only for accounts whose workspace has an enabled endpoint subscribed to those events.

## Try it with the sandbox

A test key can make a simulated person comment on, mention or message a sandbox account, so a webhook handler runs end to end before going live:

\`\`\`
curl -X POST "$CHORUS_URL/v1/sandbox/social-accounts/acc_…/inbound" -H "Authorization: Bearer $CHORUS_API_KEY" \\
  -H "Content-Type: application/json" -d '{"kind":"comment","text":"Is this available in blue?","from":"ada.visitor"}'
\`\`\`

A comment lands on the account's latest post published through Chorus. On Facebook and Instagram the sandbox delivers only after \`POST /v1/social-accounts/{id}/webhook\` has subscribed the field, as the real networks do.`;

const agents = `Software agents use Chorus through the Model Context Protocol at \`POST /v1/mcp\` (Streamable HTTP, stateless). The tools run the same code as the REST operations, with JSON Schema inputs and outputs, and count against the same limits.

## Authorise with OAuth (what MCP hosts do)

Chorus is an OAuth 2.1 authorization server for its MCP endpoint:

1. The agent calls \`/v1/mcp\` without a token and gets 401 pointing at \`/.well-known/oauth-protected-resource\`, which names this server's \`/.well-known/oauth-authorization-server\` metadata.
2. It registers itself (\`POST /oauth/register\`, dynamic client registration; a client id that is an https URL of a client metadata document works too) and opens \`/oauth/authorize\` with PKCE (S256) and \`resource=<server>/v1/mcp\` in the owner's browser.
3. The owner signs in to the dashboard and sees the consent page: which brands (profiles), which networks, which actions (\`read\`, \`draft\`, \`publish_or_schedule\`, \`reply_and_message\`, \`engage\`, \`delete\`), how many credits per UTC day, and whether purchased credits may pay.
4. The agent exchanges the code at \`POST /oauth/token\` for an access token (\`cat_…\`, one hour) and a refresh token (30 days, rotated on each use); \`POST /oauth/revoke\` revokes either.

The official MCP SDK clients do all of this with an auth provider. Every tool call is checked against the grant: outside it the answer is a tool error whose structured content is the REST error envelope (\`agent_grant_profile\`, \`agent_grant_platform\`, \`agent_grant_action\`, \`agent_grant_daily_credits\`).

## Manage grants

[List agents](/docs/operations/listAgents), change a grant (including \`expiresAt\`, after which every call is 403 \`agent_grant_expired\`, and \`requireApproval\`, which holds every post the agent publishes or schedules in \`pending_approval\` until a person approves it), or revoke it, with an API key.

## With an API key

A workspace's own API key also works as the bearer token on \`/v1/mcp\`, with the workspace's full rights:

\`\`\`
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(process.env.CHORUS_URL + "/v1/mcp"), {
  requestInit: { headers: { Authorization: "Bearer " + process.env.CHORUS_API_KEY } },
}));
const { tools } = await client.listTools();
\`\`\``;

const sandboxFaults = `With a test key, every network is a simulator built from the network's documentation: the same paths, bodies, status codes and errors. The simulators can be told to misbehave per account, so every error path can be seen before going live.

## Set a fault

[Set a sandbox fault](/docs/operations/setSandboxFault) on a sandbox account (\`PUT /v1/sandbox/social-accounts/{id}/fault\`):

- \`expired_token\`: the access token expires now, once; the next call renews it where the network can, otherwise the account turns \`needs_reauth\`.
- \`revoked_permission\`: the person withdrew a permission; calls fail with \`missing_scope\` or \`missing_permission\`.
- \`rate_limited\`: the network throttles the account (429 \`rate_limited\`, with \`Retry-After\` where the network sends one).
- \`down\`: the network fails (\`platform_unavailable\`, retryable).
- \`slow\`: the network answers after \`delayMs\`.
- \`null\` clears the fault.

\`\`\`
curl -X PUT "$CHORUS_URL/v1/sandbox/social-accounts/acc_…/fault" -H "Authorization: Bearer $CHORUS_API_KEY" \\
  -H "Content-Type: application/json" -d '{"fault":"rate_limited"}'
\`\`\`

Faults other than \`expired_token\` belong to the simulated person, so every sandbox connection to the same handle in the workspace sees them. Each workspace has its own simulated people: nothing reaches another workspace.

## Simulate people

- \`POST /v1/sandbox/social-accounts/{id}/inbound\`: a comment, mention or message arrives as the network would deliver it.
- \`POST /v1/sandbox/social-accounts/{id}/activity\`: a simulated person likes, replies, quotes or mentions, which analytics and the inbox then read.

## Credits

Test keys spend a test credit ledger of their own: the same rules and the same \`402 entitlement_exceeded\` when it is empty, never the live balance.`;

export const guides: Guide[] = [
  { slug: "quick-start", title: "Quick start", summary: "Start the server, get a test key, connect an account and publish.", body: quickStart },
  { slug: "publishing", title: "Publishing", summary: "Validate, publish now, schedule, queue, first comments and threads.", body: publishing },
  { slug: "inbox-and-webhooks", title: "Inbox and webhooks", summary: "Signed event deliveries, retries, and the unified inbox.", body: inboxWebhooks },
  { slug: "agents", title: "Agents", summary: "MCP at /v1/mcp, agent OAuth and grants.", body: agents },
  { slug: "sandbox-faults", title: "Sandbox faults", summary: "Make the simulated networks fail on purpose, and simulate people.", body: sandboxFaults },
];

export function findGuide(slug: string): Guide | undefined {
  return guides.find((guide) => guide.slug === slug);
}
