import type { Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import type { SandboxBoard } from "./boards.js";
import { type SandboxPin, pinResource, pinWrite } from "./pins.js";
import { authenticate, pinError } from "./wire.js";
import { jsonBodyOrEmpty } from "../json-body.js";

/**
 * `PATCH /v5/pins/{pin_id}` (Pinterest API v5 `pins/update`): the body is a `PinUpdate`, whose
 * fields are title (≤100), description (≤800), link (≤2048), alt_text (≤500), board_id and
 * board_section_id, plus carousel_slots; there is no media field, so media cannot change. A name
 * outside `PinUpdate` is refused; `null` clears a nullable text field. Moving to another board
 * needs a board the caller owns. Sections and carousel slots are not simulated and are refused.
 */

const limits: Record<string, number> = { title: 100, description: 800, link: 2048, alt_text: 500 };
const known = new Set([...Object.keys(limits), "board_id", "board_section_id", "carousel_slots"]);

export function mountPinUpdate(app: Hono, deps: SimulatorDeps): void {
  app.patch("/v5/pins/:pinId", async (c) => {
    const auth = await authenticate(c, deps, pinWrite);
    if (auth instanceof Response) return auth;
    const pin = await deps.store.get<SandboxPin>("pinterest", "pin", c.req.param("pinId"));
    if (!pin) return pinError(c, 404, 50, "Pin not found.");
    if (pin.owner !== auth.account.id) return pinError(c, 403, 7, "Not authorized to access board or Pin.");
    const body = await jsonBodyOrEmpty(c);
    const stranger = Object.keys(body).find((name) => !known.has(name));
    if (stranger) return pinError(c, 400, 1, `Invalid parameters: ${stranger} is not a field of a Pin update`);
    const next: SandboxPin = { ...pin.data };
    for (const [name, max] of Object.entries(limits)) {
      const value = body[name];
      if (value === undefined) continue;
      if (value !== null && (typeof value !== "string" || [...value].length > max)) return pinError(c, 400, 1, `Invalid parameters: ${name} must be a string of at most ${max} characters`);
      (next as unknown as Record<string, unknown>)[name] = value;
    }
    if (body.board_section_id !== undefined && body.board_section_id !== null) return pinError(c, 404, 40, "Board section not found.");
    if (body.carousel_slots !== undefined) return pinError(c, 400, 1, "Invalid parameters: carousel_slots is not supported by the sandbox");
    if (body.board_id !== undefined) {
      const board = typeof body.board_id === "string" ? await deps.store.get<SandboxBoard>("pinterest", "board", body.board_id) : null;
      if (!board || board.owner !== auth.account.id) return pinError(c, 404, 40, "Board not found.");
      if (board.id !== pin.data.board_id) {
        const old = await deps.store.get<SandboxBoard>("pinterest", "board", pin.data.board_id);
        if (old) await deps.store.put("pinterest", "board", old.id, { ...old.data, pin_count: Math.max(0, old.data.pin_count - 1) }, old.owner);
        await deps.store.put("pinterest", "board", board.id, { ...board.data, pin_count: board.data.pin_count + 1 }, board.owner);
        next.board_id = board.id;
      }
    }
    await deps.store.put("pinterest", "pin", pin.id, next, pin.owner);
    return c.json(pinResource(next, auth.account));
  });
}
