import type { FC } from "hono/jsx";
import type { ValidationReport } from "../../domain/publishing/index.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName, plainProblem, plainText } from "./plain-words.js";
import { type LibraryItem, Thumb } from "./media-page.js";

/** Where inside an account a post can go (Facebook pages, Pinterest boards, Google Business locations, LinkedIn organisations). */
export interface DestinationChoice {
  platform: string;
  /** The option the choice is sent as (pageId, boardId, location, author). */
  option: string;
  /** "page", "board", "location", "organisation". */
  noun: string;
  required: boolean;
  items: { id: string; name: string; detail: string }[];
  /** Why the list could not be read (the account needs reconnecting), in plain words. */
  problem: string | null;
}

/** One network's length as the network counts it, for the counters under the text. */
export interface LengthCount {
  platform: string;
  count: number;
  limit: number;
  unit: string;
}

export interface ScheduleValues {
  scheduleDate: string;
  scheduleTime: string;
  timezone: string;
  /** True when the timezone came from the person (or the post), not the default. */
  timezoneChosen: boolean;
}

/** One picker per network that has destinations, with every account's choices of that network. */
export const DestinationPickers: FC<{ choices: DestinationChoice[]; chosen: Record<string, string> }> = ({ choices, chosen }) => (
  <>
    {choices.map((choice) => (
      <div class="picker" id={`destination-${choice.platform}`}>
        <label for={`dest-${choice.platform}`}>
          <NetworkLogo platform={choice.platform} /> {networkName(choice.platform)} {choice.noun}
        </label>
        {choice.problem ? (
          <p class="muted" id={`dest-${choice.platform}-problem`}>
            {choice.problem}
          </p>
        ) : null}
        <select id={`dest-${choice.platform}`} name={`dest_${choice.platform}`}>
          <option value="">{choice.required ? `Choose a ${choice.noun}` : choice.option === "author" ? "Yourself (personal profile)" : `The account's only ${choice.noun}`}</option>
          {choice.items.map((item) => (
            <option value={item.id} selected={chosen[choice.platform] === item.id}>
              {item.name}
              {item.detail ? ` (${item.detail})` : ""}
            </option>
          ))}
        </select>
      </div>
    ))}
  </>
);

/** The post's media with an alt text field each (and its thumbnail where known); the ids travel as hidden fields. */
export const MediaAltFields: FC<{ media: string[]; alts: string[]; files?: Map<string, LibraryItem> }> = ({ media, alts, files }) =>
  media.length === 0 ? null : (
    <fieldset id="media-items">
      <legend>Media in this post</legend>
      {media.map((id, i) => (
        <div class="media-item" data-media={id}>
          <input type="hidden" name="media" value={id} />
          {files?.get(id) ? <Thumb item={files.get(id) as LibraryItem} described /> : null}
          <label for={`alt-${i}`}>Alt text for file {i + 1} (describe it for people who cannot see it)</label>
          <input id={`alt-${i}`} name="mediaAlt" value={alts[i] ?? ""} maxlength={2000} />
        </div>
      ))}
    </fieldset>
  );

/** Date, time and timezone; the script picks the browser's zone unless one was chosen. */
export const ScheduleFields: FC<{ values: ScheduleValues; zones: readonly string[]; legend: string }> = ({ values, zones, legend }) => (
  <fieldset id="schedule-fields">
    <legend>{legend}</legend>
    <div class="row">
      <div>
        <label for="scheduleDate">Date</label>
        <input id="scheduleDate" name="scheduleDate" type="date" value={values.scheduleDate} />
      </div>
      <div>
        <label for="scheduleTime">Time</label>
        <input id="scheduleTime" name="scheduleTime" type="time" value={values.scheduleTime} />
      </div>
      <div>
        <label for="timezone">Timezone</label>
        <select id="timezone" name="timezone" data-browser-zone="" data-chosen={values.timezoneChosen ? "yes" : "no"}>
          {zones.map((zone) => (
            <option value={zone} selected={zone === values.timezone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
    </div>
  </fieldset>
);

/** Characters used per network, counted the network's way. */
export const LengthCounters: FC<{ counts: LengthCount[] }> = ({ counts }) =>
  counts.length === 0 ? null : (
    <ul class="counters" id="counters">
      {counts.map((c) => (
        <li class={c.count > c.limit ? "over" : ""} data-platform={c.platform}>
          <NetworkLogo platform={c.platform} /> {networkName(c.platform)}: {c.count} / {c.limit} {c.unit}
          {c.count > c.limit ? ` (${c.count - c.limit} too many)` : ""}
        </li>
      ))}
    </ul>
  );

export type RequestProblem = { code: string; message: string; fix: string | null; param: string | null };

/** The checks' answer in plain words: ready or refused per network; a refusal carries `data-refused` for the script. */
export const ValidationResult: FC<{ report: ValidationReport | null; problem: RequestProblem | null; counts: LengthCount[] }> = ({ report, problem, counts }) => {
  const shown = problem ? plainProblem(problem) : null;
  return (
    <>
      <LengthCounters counts={counts} />
      {shown ? (
        <div class="alert" id="validation-problem" data-refused="" role="alert">
          <p>{shown.message}</p>
          <p>How to fix: {shown.fix}</p>
          <details>
            <summary>Technical details</summary>
            <p class="muted">
              Error code <code>{problem?.code}</code>
            </p>
          </details>
        </div>
      ) : null}
      {!report && !shown ? <p class="muted">Pick accounts and write the text; the checks run as you type.</p> : null}
      {report ? (
        <ul id="validation-targets">
          {report.targets.map((t) => (
            <li {...(t.errors.length > 0 ? { "data-refused": "" } : {})}>
              <NetworkLogo platform={t.platform} /> {networkName(t.platform)} @{t.handle}:{" "}
              {t.errors.length === 0 ? <span class="badge state-published">ready</span> : <span class="badge state-failed">will be refused</span>}
              {t.errors.map((e) => {
                const plain = plainProblem(e, t.platform);
                return (
                  <div class="alert">
                    <p>{plain.message}</p>
                    <p>How to fix: {plain.fix}</p>
                  </div>
                );
              })}
              {t.warnings.map((w) => (
                <p class="muted">Note: {plainText(w.message)}</p>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
};
