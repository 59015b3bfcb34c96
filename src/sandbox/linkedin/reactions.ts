import type { Context, Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { mayActAs } from "./authors.js";
import { restError } from "./linkedin-data.js";
import type { SandboxLinkedinPost } from "./posts.js";
import { jsonBody } from "../json-body.js";

/**
 * The Reactions API on the LinkedIn simulator: `POST /rest/reactions?actor={encoded URN}` with
 * `{ root, reactionType }` (201, the reaction's compound key in `x-restli-id`), and
 * `DELETE /rest/reactions/(actor:{encoded URN},entity:{encoded URN})` (204; 404 when there is no
 * such reaction). The actor is the member or a page they may post for (authors.ts); a root that
 * is not a live post is 404. One reaction per actor and post: reacting again replaces the type.
 */

export const reactionTypes = ["LIKE", "PRAISE", "EMPATHY", "INTEREST", "APPRECIATION", "ENTERTAINMENT"] as const;

export interface SandboxReaction {
  actor: string;
  root: string;
  reactionType: (typeof reactionTypes)[number];
  createdAt: number;
}

const keyOf = (actor: string, root: string) => `(actor:${actor},entity:${root})`;

/** The reactions on a post, for the counts the simulator reports. */
export async function reactionsOn(deps: SimulatorDeps, root: string): Promise<SandboxReaction[]> {
  return (await deps.store.list<SandboxReaction>("linkedin", "reaction")).map((r) => r.data).filter((r) => r.root === root);
}

async function livePost(deps: SimulatorDeps, urn: string): Promise<SandboxLinkedinPost | null> {
  const post = (await deps.store.get<SandboxLinkedinPost>("linkedin", "post", urn))?.data;
  return post && !post.deleted ? post : null;
}

export function mountReactionRoutes(app: Hono, deps: SimulatorDeps): void {
  const resource = (c: Context, method: string) => `reactions.${method}.${c.req.header("linkedin-version") ?? ""}`;
  const denied = (c: Context, method: string) => restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c, method)}`, 100);

  app.post("/rest/reactions", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "CREATE"), ["w_member_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    const actor = c.req.query("actor");
    if (!actor || !/^urn:li:(person|organization):/.test(actor)) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    const body = await jsonBody(c);
    if (!body) return restError(c, 400, "ILLEGAL_ARGUMENT", "Request body could not be converted to data map");
    const { root, reactionType } = body;
    if (typeof root !== "string") return restError(c, 422, "UNPROCESSABLE_ENTITY", "ERROR :: /root :: field is required but not found and has no default value\n");
    if (typeof reactionType !== "string" || !(reactionTypes as readonly string[]).includes(reactionType)) {
      return restError(c, 422, "UNPROCESSABLE_ENTITY", "ERROR :: /reactionType :: is not a valid enum value\n");
    }
    if (!(await mayActAs(deps, auth, actor, "write"))) return denied(c, "CREATE");
    if (!(await livePost(deps, root))) return restError(c, 404, "NOT_FOUND", `Entity ${root} not found`);
    const key = keyOf(actor, root);
    const reaction: SandboxReaction = { actor, root, reactionType: reactionType as SandboxReaction["reactionType"], createdAt: deps.now().getTime() };
    await deps.store.put("linkedin", "reaction", key, reaction, auth.member.id);
    return c.body(null, 201, { "x-restli-id": `urn:li:reaction:(${actor},${root})` });
  });

  app.delete("/rest/reactions/*", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "DELETE"), ["w_member_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    // The compound key's URNs arrive encoded inside raw Rest.li syntax; an unencoded URN breaks the key.
    const raw = new URL(c.req.url).pathname.slice("/rest/reactions/".length);
    const match = /^\(actor:([^,():]+),entity:([^,():]+)\)$/.exec(raw);
    if (!match?.[1] || !match[2]) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid key passed to request");
    const actor = decodeURIComponent(match[1]);
    const root = decodeURIComponent(match[2]);
    if (!(await mayActAs(deps, auth, actor, "write"))) return denied(c, "DELETE");
    const key = keyOf(actor, root);
    if (!(await deps.store.get("linkedin", "reaction", key))) return restError(c, 404, "NOT_FOUND", `Reaction ${key} not found`);
    await deps.store.delete("linkedin", "reaction", key);
    return c.body(null, 204);
  });
}
