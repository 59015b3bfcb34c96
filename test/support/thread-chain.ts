import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { StoredRecord } from "../../src/sandbox/bluesky/repo.js";
import type { SandboxThread } from "../../src/sandbox/threads/publishing.js";
import type { SandboxPost } from "../../src/sandbox/twitter/state.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { TestApp } from "./test-app.js";
import type { WorkspaceFixture } from "./workspace-fixture.js";

/** What the simulated networks hold for one workspace: each post with the post it answers. */
export interface NetworkPost {
  id: string;
  text: string;
  replyTo: string | null;
  root: string | null;
}

export async function networkPosts(t: TestApp, workspaceId: string, platform: "twitter" | "threads" | "bluesky"): Promise<NetworkPost[]> {
  const store = createDbSandboxStore(t.db, workspaceId);
  if (platform === "twitter") {
    return (await store.list<SandboxPost>("twitter", "post"))
      .filter((r) => !r.data.deleted)
      .map((r) => ({ id: r.data.id, text: r.data.text, replyTo: r.data.replyTo?.id ?? null, root: r.data.conversationId ?? null }));
  }
  if (platform === "threads") {
    return (await store.list<SandboxThread>("threads", "thread")).map((r) => ({ id: r.id, text: r.data.text, replyTo: r.data.repliedTo ?? null, root: r.data.rootPost ?? null }));
  }
  return (await store.list<StoredRecord>("bluesky", "record"))
    .filter((r) => r.id.includes("/app.bsky.feed.post/"))
    .map((r) => {
      const reply = r.data.value.reply as { parent?: { uri: string }; root?: { uri: string } } | undefined;
      return { id: `at://${r.id}`, text: String(r.data.value.text ?? ""), replyTo: reply?.parent?.uri ?? null, root: reply?.root?.uri ?? null };
    });
}

/** How many times the network holds a post with this text. */
export const countOf = (posts: readonly NetworkPost[], text: string) => posts.filter((p) => p.text === text).length;

type PostAnswer = Awaited<ReturnType<WorkspaceFixture["publish"]>>;
const waiting = (post: PostAnswer) => post.state === "processing" || post.targets.some((t) => (t.thread ?? []).some((i) => i.state === "pending" || i.state === "processing"));

/** Runs the pollers (post and chain items) minute by minute until no target or item is still being finished. */
export async function settleChain(t: TestApp, ws: WorkspaceFixture, post: PostAnswer): Promise<PostAnswer> {
  const runtime = t.jobRuntime();
  let current = post;
  for (let round = 0; round < 30 && waiting(current); round++) {
    t.clock.advance(60_000);
    await runDueJobs(runtime);
    current = (await ws.get(`/v1/posts/${post.id}`)).body;
  }
  return current;
}
