import type { SandboxAccount, SimulatorDeps } from "../types.js";
import type { SandboxFollow, SandboxPost } from "./state.js";

/**
 * The one builder of the simulated X's user object (X API v2 `User`), for every endpoint that
 * answers users: GET /2/users/me, /2/users/by/username, the follower and following lists, and the
 * `includes.users` of post, mention and message lists. `public_metrics` is counted from the
 * simulated world's own state (follow records, the user's posts), so the same user shows the same
 * numbers wherever it is read, as on X.
 */

interface Counts {
  followers: number;
  following: number;
  tweets: number;
  media: number;
}

/** Counts for many users from one read of each kind of record, not one read per user. */
async function countsOf(deps: SimulatorDeps, ids: ReadonlySet<string>): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>([...ids].map((id) => [id, { followers: 0, following: 0, tweets: 0, media: 0 }]));
  const [follows, posts] = await Promise.all([deps.store.list<SandboxFollow>("twitter", "follow"), deps.store.list<SandboxPost>("twitter", "post")]);
  for (const { data: follow } of follows) {
    const target = counts.get(follow.targetId);
    if (target) target.followers += 1;
    const source = counts.get(follow.sourceId);
    if (source) source.following += 1;
  }
  for (const { data: post } of posts) {
    const author = counts.get(post.authorId);
    if (!author || post.deleted) continue;
    author.tweets += 1;
    if (post.mediaIds.length > 0) author.media += 1;
  }
  return counts;
}

function userObject(account: SandboxAccount, fields: readonly string[], counts: Counts | undefined): Record<string, unknown> {
  const all: Record<string, unknown> = {
    created_at: "2020-01-01T00:00:00.000Z",
    description: "Chorus sandbox account: a simulated X user, not a real person.",
    location: "Sandbox",
    profile_image_url: account.avatarUrl ?? undefined,
    protected: false,
    // Likes are not served by the self-serve API the sandbox simulates, and there are no lists: none to count.
    public_metrics: counts ? { followers_count: counts.followers, following_count: counts.following, post_count: counts.tweets, listed_count: 0, like_count: 0, media_count: counts.media } : undefined,
    url: "",
    verified: false,
  };
  // X always answers id, name and username; every other field only when asked for.
  return { id: account.id, name: account.displayName, username: account.handle, ...Object.fromEntries(Object.entries(all).filter(([key, value]) => fields.includes(key) && value !== undefined)) };
}

/** User objects with the `user.fields` asked for, in the order given; the state is read only when `public_metrics` is asked. */
export async function userObjects(deps: SimulatorDeps, accounts: readonly SandboxAccount[], fields: readonly string[]): Promise<Record<string, unknown>[]> {
  const counts = fields.includes("public_metrics") ? await countsOf(deps, new Set(accounts.map((a) => a.id))) : new Map<string, Counts>();
  return accounts.map((account) => userObject(account, fields, counts.get(account.id)));
}

export async function userObjectOf(deps: SimulatorDeps, account: SandboxAccount, fields: readonly string[]): Promise<Record<string, unknown>> {
  const [user] = await userObjects(deps, [account], fields);
  return user ?? userObject(account, fields, undefined);
}
