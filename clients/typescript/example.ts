/**
 * The README's publishing flow through the typed client, against a local `npm start`:
 *
 *   CHORUS_API_KEY=sk_test_… npx tsx clients/typescript/example.ts
 *
 * It is type-checked with the generated types by test/api/typescript-client.test.ts, so a change
 * of the API that breaks it fails the tests.
 */
import { readFile } from "node:fs/promises";
import { createChorusClient, idempotencyKey, unwrap as ok, uploadMedia } from "./index.js";

const apiKey = process.env.CHORUS_API_KEY;
if (!apiKey) throw new Error("Set CHORUS_API_KEY to the sk_test_… key `npm start` printed.");
const chorus = createChorusClient({ apiKey, baseUrl: process.env.CHORUS_URL ?? "http://localhost:8787" });
// Every call answers `{ data }` or `{ error }`; `ok` (unwrap) returns the data or throws the
// error with its code and fix.

// 1. Connect a sandbox Bluesky account (test keys: any handle, any app password).
const account = ok(
  await chorus.POST("/v1/social-accounts/connect", {
    body: { platform: "bluesky", handle: "ada.bsky.social", appPassword: "abcd-efgh-ijkl-mnop" },
  }),
);
console.log("connected", account.id, account.handle);

// 2. Upload an image.
const media = ok(await uploadMedia(chorus, await readFile(new URL("../../docs/examples/hello.png", import.meta.url)), "image/png"));
console.log("uploaded", media.id, `${media.width}x${media.height}`);

// 3. Validate (free): the same checks publishing runs, per target.
const post = { text: "Hello from Chorus!", accounts: [account.id], media: [media.id], mediaAlt: ["A blue gradient"] };
const report = ok(await chorus.POST("/v1/posts/validate", { body: post }));
console.log("valid", report.valid);

// 4. Publish now, with an Idempotency-Key so a retry never posts twice.
const published = ok(await chorus.POST("/v1/posts", { body: post, params: { header: { "Idempotency-Key": idempotencyKey() } } }));
console.log("published", published.id, published.state);

// 5. Read the result: one entry per target, with the network's URL.
const read = ok(await chorus.GET("/v1/posts/{id}", { params: { path: { id: published.id } } }));
for (const target of read.targets) console.log(target.platform, target.state, target.url ?? target.error?.code);

// 6. List posts, most recent first.
const page = ok(await chorus.GET("/v1/posts", { params: { query: { limit: 10 } } }));
console.log("posts", page.items.length, "next cursor", page.cursor);

// 7. Schedule one for an hour from now.
const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
const scheduled = ok(
  await chorus.POST("/v1/posts", {
    body: { text: "Scheduled from Chorus", accounts: [account.id], scheduledAt: inAnHour },
    params: { header: { "Idempotency-Key": idempotencyKey() } },
  }),
);
console.log("scheduled", scheduled.id, scheduled.state, scheduled.scheduledAt);
