import { Hono } from "hono";
import * as v from "valibot";
import { deletePost, editPost } from "../../domain/publishing/index.js";
import { getPost, listPosts, postStates } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { CalendarPage } from "./calendar-page.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { mediaLoader } from "./media-loader.js";
import { PostPage } from "./post-page.js";
import { PostsPage } from "./posts-page.js";

const State = v.optional(v.picklist(postStates));
const Cursor = v.optional(v.pipe(v.string(), v.maxLength(1024)));
/** A datetime-local value (`2030-01-31T09:30`), read as UTC as the calendar says. */
const LocalTime = v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/));

function query<S extends v.GenericSchema>(schema: S, value: unknown, param: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value === "" ? undefined : value);
  if (!parsed.success) throw new ApiError("field_invalid", { param, message: `The ${param} in the address is not one this page accepts.` });
  return parsed.output;
}

/** Posts: the list with a state filter, one post with every target's result, the calendar with move and cancel. */
export const postRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/posts", async (c) => {
    const state = query(State, c.req.query("state"), "state");
    const cursor = query(Cursor, c.req.query("cursor"), "cursor");
    const page = await listPosts({ ctx: ctxOf(c), input: { state, limit: 50, cursor } });
    return c.html(<PostsPage frame={frameOf(c)} posts={page.items} state={state} cursor={page.cursor} />);
  })
  .get("/dashboard/posts/:id", async (c) => {
    const post = await getPost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.html(<PostPage frame={frameOf(c)} post={post} notice={noticeOf(c)} />);
  })
  .get("/dashboard/calendar", async (c) => {
    const page = await listPosts({ ctx: ctxOf(c), input: { state: "scheduled", limit: 100 } });
    return c.html(<CalendarPage frame={frameOf(c)} posts={page.items} notice={noticeOf(c)} />);
  })
  .post("/dashboard/posts/:id/move", async (c) => {
    const ctx = ctxOf(c);
    const at = v.safeParse(LocalTime, field(c, "scheduledAt"));
    if (!at.success) throw new ApiError("field_invalid", { param: "scheduledAt", message: "Pick the new date and time." });
    await editPost({ ctx, input: { id: c.req.param("id"), changes: { scheduledAt: at.output, timezone: "UTC" } }, loadMedia: mediaLoader(ctx) });
    return c.redirect("/dashboard/calendar?done=moved", 303);
  })
  .post("/dashboard/posts/:id/cancel", async (c) => {
    await deletePost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/calendar?done=cancelled", 303);
  });
