import { postThreadItems } from "../../../../db/schema/index.js";
import type { Transaction } from "../../../../db/types.js";
import { newId } from "../../../../infra/ids.js";
import type { CreditSource } from "../credits.js";
import type { PreparedThreadItem, ThreadItemInput } from "./thread-check.js";

/** The chain items one new post will send: one per item and per target that passed its checks. */
export interface NewThreadItem {
  id: string;
  targetId: string;
  position: number;
  input: ThreadItemInput;
}

export function newThreadItems(chains: readonly PreparedThreadItem[][], sendable: readonly (string | null)[], thread: readonly ThreadItemInput[] | undefined): NewThreadItem[] {
  if (!thread) return [];
  return chains.flatMap((chain, i) => {
    const targetId = sendable[i];
    if (!targetId) return [];
    return chain.flatMap((item) => {
      const input = thread[item.position - 1];
      return input ? [{ id: newId("thr"), targetId, position: item.position, input }] : [];
    });
  });
}

/** Stores the items with the post, each holding the credit reserved for it in the same transaction. */
export async function insertThreadItems(tx: Transaction, scope: { workspaceId: string; postId: string }, items: readonly NewThreadItem[], sources: readonly CreditSource[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(postThreadItems).values(
    items.map((item, i) => ({
      id: item.id,
      workspaceId: scope.workspaceId,
      postId: scope.postId,
      targetId: item.targetId,
      position: item.position,
      text: item.input.text,
      media: item.input.media ?? [],
      mediaAlt: item.input.mediaAlt ?? [],
      state: "pending",
      credits: sources[i] ? 1 : 0,
      creditSource: sources[i] ?? null,
    })),
  );
}
