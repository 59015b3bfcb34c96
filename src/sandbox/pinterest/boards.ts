import type { SandboxAccount, SandboxStore } from "../types.js";
import { numericId } from "../tokens.js";

// Boards apart from simulator.ts: the Pin and save routes read them, and simulator.ts mounts those routes.

export interface SandboxBoard {
  id: string;
  name: string;
  description: string;
  privacy: "PUBLIC" | "PROTECTED" | "SECRET";
  pin_count: number;
  follower_count: number;
  collaborator_count: number;
  created_at: string;
  owner: { username: string };
}

/** Adds a board to a simulated person (seeding, and tests that need many boards to page through). */
export async function putSandboxBoard(store: SandboxStore, account: SandboxAccount, input: { name: string; privacy?: SandboxBoard["privacy"]; createdAt?: string }): Promise<SandboxBoard> {
  const board: SandboxBoard = {
    id: numericId(18),
    name: input.name,
    description: "A Chorus sandbox board: simulated, never shown on Pinterest.",
    privacy: input.privacy ?? "PUBLIC",
    pin_count: 0,
    follower_count: 0,
    collaborator_count: 0,
    created_at: input.createdAt ?? "2026-01-01T00:00:00",
    owner: { username: account.handle },
  };
  await store.put("pinterest", "board", board.id, board, account.id);
  return board;
}
