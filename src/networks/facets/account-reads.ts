import type { NetworkContext, TokenSet } from "../call-context.js";
import type { NetworkActor, NetworkPage, NetworkPageRequest } from "./inbox.js";

/** One of the account's own posts as the network lists it; the domain adds the Chorus `post_` id. */
export interface NetworkAccountPost {
  /** The network's post id (an at:// URI on Bluesky), the same value a publish stores. */
  id: string;
  url: string | null;
  text: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** `post`, or the network's word for other kinds it lists with them (`video`, `pin`, `repost`). */
  kind: string;
}

type Read<T> = (tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext) => Promise<NetworkPage<T>>;

/**
 * What a network lets an account read about itself: its posts (made through Chorus or not) and the
 * people on both sides of its follows. Each method is optional; a network without one has no such
 * read (`GET /v1/platforms` lists `posts`, `followers`, `following` from this absence), and the
 * route answers it as a `problems` entry.
 */
export interface AccountReadsFacet {
  /** Newest first. */
  listPosts?: Read<NetworkAccountPost>;
  /** In the network's own order (newest follow first where it has one). */
  listFollowers?: Read<NetworkActor>;
  listFollowing?: Read<NetworkActor>;
}
