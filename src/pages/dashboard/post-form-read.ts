import type { Context } from "hono";
import type { DomainContext } from "../../domain/core/index.js";
import { type SocialAccountView, listTargets } from "../../domain/accounts/index.js";
import { type PostView, shownTextMeasure, validationRulesOf } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { adapterFor, isPlatformId } from "../../networks/registry.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { field } from "./dashboard-env.js";
import { plainProblem } from "./plain-words.js";
import type { DestinationChoice, LengthCount, ScheduleValues } from "./post-form-parts.js";

const MAX_TEXT = 100_000;

/** What the compose and edit forms send, kept whole so a refused form comes back as it was typed. */
export interface PostForm {
  text: string;
  accounts: string[];
  media: string[];
  mediaAlt: string[];
  /** `med_` ids typed by hand (from the API), added after the uploaded ones. */
  pastedMedia: string;
  /** Chosen destination per network (`dest_<platform>`). */
  destinations: Record<string, string>;
  schedule: ScheduleValues;
}

/** Every value of a repeated field. */
export function values(c: Context<DashboardEnv>, name: string, max = 100): string[] {
  const value = c.var.form[name];
  const all = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return all.filter((v): v is string => typeof v === "string").slice(0, max);
}

/** Every IANA zone the runtime knows, UTC first: the schedule's timezone picker. */
export const zones: readonly string[] = (() => {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...known.filter((z) => z !== "UTC")];
})();

export function readPostForm(c: Context<DashboardEnv>): PostForm {
  const destinations: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.var.form)) {
    const platform = name.startsWith("dest_") ? name.slice(5) : "";
    if (isPlatformId(platform) && typeof value === "string" && value !== "") destinations[platform] = value.slice(0, 300);
  }
  const timezone = field(c, "timezone") ?? "";
  return {
    text: (field(c, "text") ?? "").slice(0, MAX_TEXT),
    accounts: values(c, "accounts"),
    ...withLibrary(values(c, "media", 35), values(c, "mediaAlt", 35), values(c, "libraryMedia", 35)),
    pastedMedia: (field(c, "pastedMedia") ?? "").slice(0, 2000),
    destinations,
    schedule: { scheduleDate: field(c, "scheduleDate") ?? "", scheduleTime: field(c, "scheduleTime") ?? "", timezone: timezone || "UTC", timezoneChosen: timezone !== "" },
  };
}

/** Files ticked in the library picker join the post's media (each once), with an empty alt text to fill in. */
function withLibrary(media: string[], mediaAlt: string[], picked: string[]): { media: string[]; mediaAlt: string[] } {
  const added = [...new Set(picked)].filter((id) => !media.includes(id));
  const all = [...media, ...added].slice(0, 35);
  return { media: all, mediaAlt: all.map((_, i) => mediaAlt[i] ?? "") };
}

/** Uploaded media then the typed ids, with their alt texts in the same order. */
export function mediaOf(form: PostForm): { media: string[]; mediaAlt: string[] } {
  const pasted = form.pastedMedia
    .split(/[\s,]+/)
    .map((m) => m.trim())
    .filter(Boolean);
  const media = [...form.media, ...pasted];
  return { media, mediaAlt: media.map((_, i) => (form.mediaAlt[i] ?? "").trim()) };
}

/** The chosen destinations as the API's platformOptions, for the networks the post goes to. */
export function destinationOptions(form: PostForm, platforms: readonly string[]): Record<string, Record<string, string>> | undefined {
  const options: Record<string, Record<string, string>> = {};
  for (const [platform, id] of Object.entries(form.destinations)) {
    const option = isPlatformId(platform) ? validationRulesOf(platform).destinationOption : undefined;
    if (option && platforms.includes(platform)) options[platform] = { [option]: id };
  }
  return Object.keys(options).length > 0 ? options : undefined;
}

/**
 * The schedule the form asks for: a wall-clock time in the chosen zone, or null when neither date
 * nor time was given. Half a schedule is refused: it must never fall back to publishing now.
 */
export function scheduleOfForm(form: PostForm): { scheduledAt: string; timezone: string } | null {
  const { scheduleDate, scheduleTime, timezone } = form.schedule;
  if (scheduleDate === "" && scheduleTime === "") return null;
  if (!/^\d{4}-\d\d-\d\d$/.test(scheduleDate) || !/^\d\d:\d\d(:\d\d)?$/.test(scheduleTime)) {
    throw new ApiError("field_required", { param: "scheduledAt", message: "Pick both the date and the time to publish at.", fix: "Fill in the date and the time, then press Schedule again." });
  }
  return { scheduledAt: `${scheduleDate}T${scheduleTime.slice(0, 5)}:00`, timezone };
}

/** The refusal when Schedule is pressed with no time at all. */
export const noScheduleTime = () =>
  new ApiError("field_required", {
    param: "scheduledAt",
    message: "Schedule needs a date and a time: nothing was sent.",
    fix: "Fill in the date and the time, then press Schedule again, or press Publish now.",
  });

const nouns: Record<string, string> = { page: "page", board: "board", location: "location", organization: "organisation", channel: "channel" };

/** Pickers for the accounts' networks that post inside the account, read live as the API's targets are. */
export async function destinationChoices(ctx: DomainContext, accounts: SocialAccountView[]): Promise<DestinationChoice[]> {
  const byPlatform = new Map<string, DestinationChoice>();
  for (const account of accounts) {
    const platform = account.platform;
    if (!isPlatformId(platform)) continue;
    const option = validationRulesOf(platform).destinationOption;
    if (!option) continue;
    const described = adapterFor(platform).capabilities.options?.[option] as { required?: boolean } | undefined;
    const choice = byPlatform.get(platform) ?? {
      platform,
      option,
      noun: option === "author" ? "organisation" : (nouns[option.replace("Id", "")] ?? "destination"),
      required: described?.required === true,
      items: [],
      problem: null,
    };
    try {
      const targets = await listTargets({ ctx, input: { id: account.id } });
      for (const t of targets.items) {
        choice.noun = nouns[t.kind] ?? choice.noun;
        const detail = Object.values(t.details)
          .filter((d) => typeof d === "string" && d !== "")
          .join(", ");
        choice.items.push({ id: t.id, name: `${t.name} · @${account.handle}`, detail });
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      choice.problem = `@${account.handle}: ${plainProblem(error, platform).message}`;
    }
    byPlatform.set(platform, choice);
  }
  return [...byPlatform.values()];
}

/** Length per network of the ticked accounts (each network's own text where it has one), by the measure the API's length rule uses. */
export function lengthCounts(text: string, platforms: readonly string[], overrides: Readonly<Record<string, string>> = {}): LengthCount[] {
  return [...new Set(platforms)].filter(isPlatformId).map((platform) => {
    const measure = shownTextMeasure((overrides[platform] ?? text).trim(), adapterFor(platform).capabilities, validationRulesOf(platform), false);
    return { platform, count: measure.count, limit: measure.limit, unit: measure.counting === "bytes" ? "bytes" : "characters" };
  });
}

/** `2030-01-31` and `09:30` of an instant on the wall clock of `zone`. */
function wallClock(iso: string, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The stored post as the edit form shows it. */
export function formOfPost(post: PostView): PostForm {
  const destinations: Record<string, string> = {};
  for (const [platform, options] of Object.entries(post.platformOptions)) {
    const option = isPlatformId(platform) ? validationRulesOf(platform).destinationOption : undefined;
    const value = option ? options[option] : undefined;
    if (typeof value === "string") destinations[platform] = value;
  }
  const zone = post.timezone ?? "UTC";
  const at = post.scheduledAt ? wallClock(post.scheduledAt, zone) : { date: "", time: "" };
  return {
    text: post.text,
    accounts: post.targets.map((t) => t.account),
    media: post.media,
    mediaAlt: post.mediaAlt,
    pastedMedia: "",
    destinations,
    schedule: { scheduleDate: at.date, scheduleTime: at.time, timezone: zone, timezoneChosen: post.timezone !== null },
  };
}
