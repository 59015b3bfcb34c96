import { BLUESKY_POST_COLLECTION } from "../../networks/bluesky/capabilities.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { PLATFORM } from "./accounts.js";
import { recordKey, type StoredRecord, writeRecord } from "./repo.js";
import { tid } from "./wire.js";

/** The simulated person who acts when a test names nobody. */
export const DEFAULT_ACTOR_HANDLE = "friend.sandbox.bsky.social";

const defaultText: Record<SimulatedActivityInput["action"], string> = {
  like: "",
  repost: "",
  follow: "",
  reply: "Nice post! (a simulated reply from the Chorus sandbox)",
  mention: "says hello (a simulated mention from the Chorus sandbox)",
  quote: "Worth reading (a simulated quote from the Chorus sandbox)",
  review: "",
};

const COLLECTION = { like: "app.bsky.feed.like", repost: "app.bsky.feed.repost", follow: "app.bsky.graph.follow" } as const;

/**
 * The actor writes the records a Bluesky app would write in their own repository; indexing them
 * (notifications.ts) raises the recipient's notification, exactly as for any other record.
 */
export async function simulateBlueskyActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  // Bluesky has no reviews.
  if (input.action === "review") return { ok: false, reason: "action_unsupported" };
  const recipient = (await deps.store.get<SandboxAccount>(PLATFORM, "account", input.recipientId))?.data;
  if (!recipient) return { ok: false, reason: "subject_unknown" };
  let subject: { uri: string; cid: string; record: StoredRecord } | null = null;
  if (input.action !== "follow" && input.action !== "mention") {
    if (!input.subject) return { ok: false, reason: "subject_required" };
    const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/.exec(input.subject);
    if (!match || match[1] !== recipient.id) return { ok: false, reason: "subject_unknown" };
    const record = await deps.store.get<StoredRecord>(PLATFORM, "record", recordKey(recipient.id, BLUESKY_POST_COLLECTION, match[2] ?? ""));
    if (!record) return { ok: false, reason: "subject_unknown" };
    subject = { uri: input.subject, cid: record.data.cid, record: record.data };
  }
  const actor = await seed(input.actorHandle ?? DEFAULT_ACTOR_HANDLE);
  const createdAt = deps.now().toISOString();
  const rkey = tid(deps.now());
  const text = input.text ?? defaultText[input.action];
  const ref = subject ? { uri: subject.uri, cid: subject.cid } : null;
  let collection: string = BLUESKY_POST_COLLECTION;
  let value: Record<string, unknown>;
  switch (input.action) {
    case "like":
    case "repost":
      collection = COLLECTION[input.action];
      value = { $type: collection, subject: ref, createdAt };
      break;
    case "follow":
      collection = COLLECTION.follow;
      value = { $type: collection, subject: recipient.id, createdAt };
      break;
    case "reply": {
      const parentReply = subject?.record.value.reply as { root?: unknown } | undefined;
      value = { $type: collection, text, reply: { root: parentReply?.root ?? ref, parent: ref }, createdAt };
      break;
    }
    case "quote":
      value = { $type: collection, text, embed: { $type: "app.bsky.embed.record", record: ref }, createdAt };
      break;
    case "mention": {
      const tag = `@${recipient.handle}`;
      const byteEnd = new TextEncoder().encode(tag).byteLength;
      value = {
        $type: collection,
        text: `${tag} ${text}`,
        facets: [{ index: { byteStart: 0, byteEnd }, features: [{ $type: "app.bsky.richtext.facet#mention", did: recipient.id }] }],
        createdAt,
      };
      break;
    }
  }
  await writeRecord(deps, actor.id, collection, rkey, value);
  return { ok: true, actor, networkId: `at://${actor.id}/${collection}/${rkey}` };
}
