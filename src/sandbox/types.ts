import type { Hono } from "hono";
import type { PlatformId } from "../types/platform-ids.js";

/**
 * Simulators keep their state (accounts, tokens, codes, pages, boards, posts) in the database
 * through this store, so a restart or a second process sees the same sandbox. Records are JSON
 * documents keyed by platform, kind and id; `owner` groups records under a simulated account.
 */
export interface SandboxRecord<T> {
  id: string;
  owner: string | null;
  data: T;
  createdAt: string;
}

/** Which record a record names (`field` holds its id, of `kind`), and optionally one of another kind under the same id. */
export interface RecordLink {
  field: string;
  kind: string;
  alongside?: string;
}

export interface SandboxStore {
  get<T>(platform: PlatformId, kind: string, id: string): Promise<SandboxRecord<T> | null>;
  /**
   * A record and, in the same read, the record of kind `link.kind` whose id the first one's
   * `data[link.field]` holds (a token and its account) and, with `link.alongside`, the record of
   * that kind under the same id (a Graph token's door): every simulated call checks a token.
   * `linked` is null when the record is missing or names nothing that exists.
   */
  getLinked<T, L, A = unknown>(
    platform: PlatformId,
    kind: string,
    id: string,
    link: RecordLink,
  ): Promise<{ record: SandboxRecord<T> | null; linked: SandboxRecord<L> | null; alongside: SandboxRecord<A> | null }>;
  put<T>(platform: PlatformId, kind: string, id: string, data: T, owner?: string | null): Promise<void>;
  list<T>(platform: PlatformId, kind: string, filter?: { owner?: string }): Promise<SandboxRecord<T>[]>;
  delete(platform: PlatformId, kind: string, id: string): Promise<void>;
}

/**
 * Ways a simulated account can be told to misbehave. Each simulator answers a faulty account
 * with its own network's real error body for that situation.
 */
export const sandboxFaults = ["expired_token", "revoked_permission", "rate_limited", "slow", "down"] as const;
export type SandboxFault = (typeof sandboxFaults)[number];

/** The simulated person behind a network account. */
export interface SandboxAccount {
  id: string;
  handle: string;
  displayName: string;
  avatarUrl: string | null;
  /** Bluesky only: the app password a test uses to log in. */
  password?: string;
  fault: SandboxFault | null;
  /** Milliseconds a `slow` account waits before answering. */
  delayMs?: number;
}

export interface SimulatorDeps {
  store: SandboxStore;
  now: () => Date;
  /** Where our server serves the sandbox to browsers: `${publicUrl}/sandbox/<host>/<path>`. */
  publicUrl: string;
  /**
   * Sleeps; tests replace it so `slow` accounts cost no wall time. Ends early (resolving) when
   * `signal` aborts: the caller hung up, and a real server stops waiting for it too.
   */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface Simulator {
  platform: PlatformId;
  /** The real hosts this simulator answers for (the adapter's `hosts`). */
  hosts: readonly string[];
  app: Hono;
  /**
   * Creates (or finds) a simulated account with this handle, as if the person had signed up on
   * the network. Returns the simulator's account record.
   */
  seedAccount(input: { handle: string; password?: string }): Promise<SandboxAccount>;
  /**
   * Why the network would refuse `handle` as an account's name (Bluesky: a handle is a domain
   * name), or null. The sandbox checks it before creating anyone, so no simulated account has a
   * name the real network could not have.
   */
  handleProblem?(handle: string): string | null;
  /**
   * Records an app's products at the simulated developer portal (LinkedIn), as its developer
   * would; networks whose apps have no products to choose leave it out.
   */
  registerApp?(input: { clientId: string; products: string[] }): Promise<void>;
  /**
   * Another simulated person acts on the account (likes or replies to its post, mentions or
   * follows it...) through the network's own records, so the notification it raises is the one a
   * real network would raise. Absent on networks whose simulator has no notifications yet.
   */
  simulateActivity?(input: SimulatedActivityInput): Promise<SimulatedActivityResult>;
  /**
   * A simulated person sends the account a direct message, kept in the network's own records
   * (X's DM events, Bluesky's chat service). Absent where the inbound route stores messages the
   * way the network pushes them (Meta) or where the network has no direct messages.
   */
  receiveMessage?(input: { recipientId: string; senderHandle: string; text: string }): Promise<{ id: string; senderId: string }>;
}

/** What a simulated person can do to a sandbox account, so a test key can produce notifications end to end. */
export const sandboxActivities = ["like", "reply", "mention", "follow", "repost", "quote", "review"] as const;
export type SandboxActivity = (typeof sandboxActivities)[number];

export interface SimulatedActivityInput {
  action: SandboxActivity;
  /** The simulator's id of the account acted upon (the connected account's simulated person). */
  recipientId: string;
  /** Handle of the simulated person acting; seeded on first use. Null: the simulator's default person. */
  actorHandle: string | null;
  /** The network id of the recipient's post acted on (like, repost, reply, quote). */
  subject: string | null;
  text: string | null;
  /** A review's rating: 1 to 5 stars (Google), or `positive` / `negative` (Facebook recommendations). */
  rating?: number | "positive" | "negative" | null;
}

export type SimulatedActivityResult = { ok: true; actor: SandboxAccount; networkId: string } | { ok: false; reason: "subject_unknown" | "subject_required" | "action_unsupported" | "rating_invalid" };

export type SimulatorFactory = (deps: SimulatorDeps) => Simulator;

/** What src/sandbox/registry.ts exports: the module a deployment loads on the first test-key use. */
export interface SimulatorsModule {
  loadSimulatorFactories(ids: readonly PlatformId[]): Promise<Record<PlatformId, SimulatorFactory>>;
}
