import { Hono } from "hono";
import { BLUESKY_PROFILE_COLLECTION, BLUESKY_PROFILE_RKEY } from "../../networks/bluesky/capabilities.js";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";
import { seedSandboxAccount } from "../tokens.js";
import type { Simulator, SimulatorFactory } from "../types.js";
import { PLATFORM, SANDBOX_PDS_URL } from "./accounts.js";
import { simulateBlueskyActivity } from "./activity.js";
import { mountChatRoutes, receiveChatMessage } from "./chat.js";
import { isHandle } from "./handles.js";
import { mountAppViewRoutes } from "./appview.js";
import { mountAppViewReads } from "./appview-reads.js";
import { mountNotificationRoutes } from "./notifications.js";
import { mountPostRoutes } from "./posts.js";
import { storeBlob } from "./blobs.js";
import { mountRepoRoutes, writeRecord, type StoredRecord } from "./repo.js";
import { mountSessionRoutes } from "./sessions.js";
import { mountThreadRoutes } from "./threads.js";
import { mountServiceAuth, videoServiceApp } from "./video-service.js";
import { fromBase64, SANDBOX_AVATAR_PNG_BASE64, sandboxDid } from "./wire.js";

const VIDEO_HOST = "video.bsky.app";

/** A fresh app password in Bluesky's format, for accounts seeded without one. */
function appPassword(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const chars = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => alphabet[b & 31]).join("");
  return chars.match(/.{4}/g)?.join("-") ?? chars;
}

/**
 * A simulated Bluesky PDS (which is also its own entryway) on the host the adapter logs in at.
 * It speaks XRPC as the reference PDS 0.4.217 does for what the adapter calls: sessions
 * (create, refresh with rotation and a two-hour grace, get, delete), the profile record (getRecord,
 * putRecord with swapRecord), blobs (uploadBlob, getBlob), posts (createRecord, applyWrites,
 * deleteRecord, listRecords, resolveHandle), with the PDS's `{ error, message }`
 * bodies and statuses, including HTTP 400 for an expired token.
 *
 * An account's password decides the token scope as on the real PDS: one in the app-password
 * format (`xxxx-xxxx-xxxx-xxxx`) logs in as an app password, anything else as the main password.
 */
export const createBlueskySimulator: SimulatorFactory = (deps) => {
  const app = new Hono();
  mountSessionRoutes(app, deps);
  mountRepoRoutes(app, deps);
  mountPostRoutes(app, deps);
  mountNotificationRoutes(app, deps);
  mountChatRoutes(app, deps);
  mountAppViewRoutes(app, deps);
  mountThreadRoutes(app, deps);
  mountAppViewReads(app, deps);
  mountServiceAuth(app, deps);
  app.notFound((c) => {
    c.header(UNMATCHED_HEADER, "1");
    // Same status and error name as xrpc-server for a method it does not serve (adapters classify
    // by them); the message says plainly that this method is outside what the sandbox simulates.
    if (c.req.path.startsWith("/xrpc/")) {
      const method = c.req.path.slice("/xrpc/".length);
      return c.json({ error: "MethodNotImplemented", message: `The Chorus sandbox does not simulate ${method}.` }, 501);
    }
    return c.text("Not Found", 404);
  });

  // The video service answers on its own host; everything else is the PDS.
  const video = videoServiceApp(deps);
  const router = new Hono();
  router.all("*", (c) => (new URL(c.req.url).host === VIDEO_HOST ? video.fetch(c.req.raw) : app.fetch(c.req.raw)));

  const simulator: Simulator = {
    platform: PLATFORM,
    hosts: [new URL(SANDBOX_PDS_URL).host, VIDEO_HOST],
    app: router,
    simulateActivity: (input) => simulateBlueskyActivity(deps, (handle) => simulator.seedAccount({ handle }), input),
    async receiveMessage(input) {
      const message = await receiveChatMessage(deps, await simulator.seedAccount({ handle: input.senderHandle }), input.recipientId, input.text);
      return { id: message.id, senderId: message.sender };
    },
    handleProblem(handle) {
      const bare = handle.trim().replace(/^@/, "");
      return isHandle(bare) ? null : `${bare} is not a Bluesky handle: a handle is a domain name (like alice.bsky.social), letters, digits and hyphens in two or more dot-separated parts.`;
    },
    async seedAccount(input) {
      const first = input.handle.trim().replace(/^@/, "").split(".")[0] ?? input.handle;
      const account = await seedSandboxAccount(deps, PLATFORM, { handle: input.handle, password: input.password ?? appPassword(), displayName: `${first} (sandbox)` }, sandboxDid);
      const existing = await deps.store.get<StoredRecord>(PLATFORM, "record", `${account.id}/${BLUESKY_PROFILE_COLLECTION}/${BLUESKY_PROFILE_RKEY}`);
      if (!existing) {
        const avatar = await storeBlob(deps, account.id, fromBase64(SANDBOX_AVATAR_PNG_BASE64), "image/png");
        await writeRecord(deps, account.id, BLUESKY_PROFILE_COLLECTION, BLUESKY_PROFILE_RKEY, {
          $type: BLUESKY_PROFILE_COLLECTION,
          displayName: account.displayName,
          description: "Simulated by the Chorus sandbox; not a real Bluesky account.",
          avatar,
          createdAt: deps.now().toISOString(),
        });
      }
      return account;
    },
  };
  return simulator;
};
