import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { type SandboxPin, pinResource, pinWrite } from "./pins.js";
import type { SandboxBoard } from "./boards.js";
import { authenticate, pinError } from "./wire.js";
import { jsonBody } from "../json-body.js";

/**
 * `POST /v5/pins/{pin_id}/save` (operation `pins/save`): another person's (or the account's own)
 * pin saved onto one of the account's boards, as a new pin whose `parent_pin_id` is the saved
 * one, answered 201 with that Pin. Refusals are the spec's examples: 404 code 50 "Pin not found."
 * and code 40 "Board not found." (a board of someone else is not found either). The saved pin
 * counts as a SAVE of the original in its analytics (savesOf). The spec marks `board_id`
 * nullable without saying where such a save goes, so the simulator, like Chorus, asks for one.
 */

const DIGITS = /^\d+$/;

/** When each save of a pin was made (Pinterest's `created_at`, UTC without zone), oldest first. */
export async function savesOf(deps: SimulatorDeps, pinId: string): Promise<string[]> {
  return (await deps.store.list<SandboxPin>("pinterest", "pin"))
    .filter((r) => r.data.parent_pin_id === pinId)
    .map((r) => r.data.created_at)
    .sort();
}

export function mountPinSaves(app: Hono, deps: SimulatorDeps): void {
  app.post("/v5/pins/:pinId/save", async (c) => {
    const auth = await authenticate(c, deps, pinWrite);
    if (auth instanceof Response) return auth;
    const body = await jsonBody(c);
    if (!body) return pinError(c, 400, 1, "Invalid parameters.");
    const boardId = body.board_id;
    const sectionId = body.board_section_id;
    if (typeof boardId !== "string" || !DIGITS.test(boardId)) return pinError(c, 400, 1, "Invalid parameters: board_id must be a board id.");
    if (sectionId !== undefined && sectionId !== null && (typeof sectionId !== "string" || !DIGITS.test(sectionId))) return pinError(c, 400, 1, "Invalid parameters.");
    const original = await deps.store.get<SandboxPin>("pinterest", "pin", c.req.param("pinId"));
    if (!original) return pinError(c, 404, 50, "Pin not found.");
    const board = await deps.store.get<SandboxBoard>("pinterest", "board", boardId);
    if (!board || board.owner !== auth.account.id) return pinError(c, 404, 40, "Board not found.");
    // The sandbox's boards have no sections.
    if (typeof sectionId === "string") return pinError(c, 404, 2031, "Sorry! We couldn't find this board section.");
    const saved: SandboxPin = {
      ...original.data,
      id: numericId(18),
      accountId: auth.account.id,
      board_id: board.id,
      board_section_id: null,
      parent_pin_id: original.id,
      created_at: deps.now().toISOString().slice(0, 19),
    };
    await deps.store.put("pinterest", "pin", saved.id, saved, auth.account.id);
    await deps.store.put("pinterest", "board", board.id, { ...board.data, pin_count: board.data.pin_count + 1 }, board.owner);
    return c.json(pinResource(saved, auth.account), 201);
  });
}
