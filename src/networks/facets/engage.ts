import type { NetworkContext, TokenSet } from "../call-context.js";

/**
 * The values of `action` in POST /v1/engagements: the spec's ten plus the extras users of X,
 * Bluesky and Pinterest expect (bookmarks, saving a pin). Each one belongs to a family below.
 */
export const engagementActions = ["like", "unlike", "repost", "unrepost", "follow", "unfollow", "block", "unblock", "mute", "unmute", "bookmark", "unbookmark", "save"] as const;
export type EngagementAction = (typeof engagementActions)[number];

/** The facet method that performs each action, and whether it turns the state on or off. */
export const methodOfAction = {
  like: { method: "setLike", on: true, target: "post" },
  unlike: { method: "setLike", on: false, target: "post" },
  repost: { method: "setRepost", on: true, target: "post" },
  unrepost: { method: "setRepost", on: false, target: "post" },
  bookmark: { method: "setBookmark", on: true, target: "post" },
  unbookmark: { method: "setBookmark", on: false, target: "post" },
  save: { method: "savePost", on: true, target: "post" },
  follow: { method: "setFollow", on: true, target: "user" },
  unfollow: { method: "setFollow", on: false, target: "user" },
  block: { method: "setBlock", on: true, target: "user" },
  unblock: { method: "setBlock", on: false, target: "user" },
  mute: { method: "setMute", on: true, target: "user" },
  unmute: { method: "setMute", on: false, target: "user" },
} as const satisfies Record<EngagementAction, { method: keyof EngageMethods; on: boolean; target: "post" | "user" }>;

/** A person named by a target: the network's user id when the target was one, else the handle to look up. */
export interface UserRef {
  id: string | null;
  handle: string | null;
}

/** Who acts: the account's tokens and its own user id on the network (stored at connect). */
export interface Actor {
  tokens: TokenSet;
  networkUserId: string;
}

/** What the network acted on, in its own terms. */
export interface EngageResult {
  /** The post's or person's id on the network (an at:// URI or DID on Bluesky). */
  networkId: string;
  url: string | null;
}

/** What the caller may add to an action in `options`; today only where to save a pin. */
export interface EngageOptions {
  /** Pinterest: the board (network id) the pin is saved to. */
  board?: string | undefined;
  /** LinkedIn: the page (organisation URN) that acts instead of the member. */
  actor?: string | undefined;
}

type PostMethod = (actor: Actor, networkPostId: string, on: boolean, net: NetworkContext, options?: EngageOptions) => Promise<EngageResult>;
type UserMethod = (actor: Actor, user: UserRef, on: boolean, net: NetworkContext) => Promise<EngageResult>;

/**
 * One method per family of actions, each optional: a network has `like` and `unlike` exactly when
 * its facet has `setLike` (networks/derived-capabilities.ts), so GET /v1/platforms and the route
 * read the same absence. Every method is idempotent where the network is: turning on a state that
 * is already on (a second like) answers as the first did.
 */
export interface EngageMethods {
  setLike?: PostMethod;
  setRepost?: PostMethod;
  setBookmark?: PostMethod;
  /** Pinterest's save of a pin to the account's profile or board; there is no undo (the saved pin is a new pin). */
  savePost?: PostMethod;
  setFollow?: UserMethod;
  setBlock?: UserMethod;
  setMute?: UserMethod;
}

export interface EngageFacet extends EngageMethods {
  /** The network's post id in a target written as the network writes ids or URLs; null when it is not one. */
  parsePost(target: string): string | null;
  /** The person in a target written as a handle (with or without @), a profile URL or a user id; null when it is not one. */
  parseUser(target: string): UserRef | null;
  /** What to write in the target for each kind, for the `fix` of a malformed one. */
  targetForms: { post: string; user: string };
  /**
   * Why actions the network has in its apps are missing here (removed from the API, gated behind
   * a tier Chorus is not on), added to the refusal so the user is not left guessing.
   */
  refusals?: Partial<Record<EngagementAction, string>>;
  /**
   * Actions of a family the network offers only one way (Threads and LinkedIn repost with no
   * documented undo): left out of the published `engagements`, so they are refused like any
   * action the network lacks, with the reason from `refusals`.
   */
  lacks?: readonly EngagementAction[];
  /** The `options` each action takes on this network; an option sent to any other action is refused before the network is called. */
  options?: Partial<Record<EngagementAction, readonly (keyof EngageOptions)[]>>;
}
