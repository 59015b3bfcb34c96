import type { Hono } from "hono";
import type { PlatformId } from "../networks/platform-ids.js";

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

export interface SandboxStore {
  get<T>(platform: PlatformId, kind: string, id: string): Promise<SandboxRecord<T> | null>;
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
  /** Sleeps; tests replace it so `slow` accounts cost no wall time. */
  sleep: (ms: number) => Promise<void>;
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
}

export type SimulatorFactory = (deps: SimulatorDeps) => Simulator;
