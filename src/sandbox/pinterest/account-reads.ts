import type { Context, Hono } from "hono";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { pinResource, type SandboxPin } from "./pins.js";
import { authenticate, pageOf, pinError } from "./wire.js";

/**
 * The account's own reads on the Pinterest simulator, as Pinterest v5 documents them: the user's
 * Pins (`GET /v5/pins`, pins:read and boards:read, newest first, with `pin_filter`), and the
 * people who follow the user and whom the user follows (`GET /v5/user_account/followers` and
 * `/following`, user_accounts:read, `UserSummary` items). Follows are records in the store; a
 * simulated person follows an account through `simulatePinterestActivity`.
 */

export interface SandboxPinterestFollow {
  followerId: string;
  followeeId: string;
  at: string;
}

const PIN_FILTERS = ["exclude_native", "exclude_repins", "has_been_promoted"];
const FEED_TYPES = ["ALL", "RANKED", "CREATOR_ONLY", "RANKED_CREATOR_ONLY"];
const DEFAULT_FOLLOWER = "sandbox_pinner";

const invalid = (c: Context) => pinError(c, 400, 1, "Invalid parameters.");

async function follows(deps: SimulatorDeps): Promise<SandboxPinterestFollow[]> {
  // Newest follow first, as Pinterest lists them.
  return (await deps.store.list<SandboxPinterestFollow>("pinterest", "follow")).map((r) => r.data).sort((a, b) => b.at.localeCompare(a.at));
}

async function summaries(deps: SimulatorDeps, ids: string[]) {
  const out: { type: "user"; username: string }[] = [];
  for (const id of ids) {
    const account = (await deps.store.get<SandboxAccount>("pinterest", "account", id))?.data;
    if (account) out.push({ type: "user", username: account.handle });
  }
  return out;
}

export function mountPinterestAccountReads(app: Hono, deps: SimulatorDeps): void {
  app.get("/v5/pins", async (c) => {
    const auth = await authenticate(c, deps, ["boards:read", "pins:read"]);
    if (auth instanceof Response) return auth;
    const filter = c.req.query("pin_filter");
    if (filter !== undefined && !PIN_FILTERS.includes(filter)) return invalid(c);
    const pins = (await deps.store.list<SandboxPin>("pinterest", "pin", { owner: auth.account.id }))
      // A native Pin is one the user created; a repin saves someone else's (it names its parent).
      .filter((r) => !(filter === "exclude_native" && r.data.parent_pin_id === null) && !(filter === "exclude_repins" && r.data.parent_pin_id !== null) && filter !== "has_been_promoted")
      .sort((a, b) => b.data.created_at.localeCompare(a.data.created_at) || b.id.localeCompare(a.id))
      .map((r) => pinResource(r.data, auth.account));
    return pageOf(c, pins);
  });

  app.get("/v5/user_account/followers", async (c) => {
    const auth = await authenticate(c, deps, ["user_accounts:read"]);
    if (auth instanceof Response) return auth;
    const ids = (await follows(deps)).filter((f) => f.followeeId === auth.account.id).map((f) => f.followerId);
    return pageOf(c, await summaries(deps, ids));
  });

  app.get("/v5/user_account/following", async (c) => {
    const auth = await authenticate(c, deps, ["user_accounts:read"]);
    if (auth instanceof Response) return auth;
    const feed = c.req.query("feed_type");
    const explicit = c.req.query("explicit_following");
    if ((feed !== undefined && !FEED_TYPES.includes(feed)) || (explicit !== undefined && explicit !== "true" && explicit !== "false")) return invalid(c);
    const ids = (await follows(deps)).filter((f) => f.followerId === auth.account.id).map((f) => f.followeeId);
    return pageOf(c, await summaries(deps, ids));
  });
}

/** A follow between two simulated people, kept once however often it is repeated. */
export async function putPinterestFollow(deps: SimulatorDeps, followerId: string, followeeId: string): Promise<void> {
  const id = `${followerId}:${followeeId}`;
  if (await deps.store.get("pinterest", "follow", id)) return;
  await deps.store.put<SandboxPinterestFollow>("pinterest", "follow", id, { followerId, followeeId, at: deps.now().toISOString() }, followeeId);
}

/** Pinterest raises no notification an app can read; the one activity it shows is the follow, in the followers list. */
export async function simulatePinterestActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "follow") return { ok: false, reason: "action_unsupported" };
  if (!(await deps.store.get("pinterest", "account", input.recipientId))) return { ok: false, reason: "subject_unknown" };
  const follower = await seed(input.actorHandle ?? DEFAULT_FOLLOWER);
  await putPinterestFollow(deps, follower.id, input.recipientId);
  return { ok: true, actor: follower, networkId: follower.id };
}
