import type { FC } from "hono/jsx";
import { zones } from "./post-form-read.js";

/**
 * The time zone select of the calendar and the posts list. `chosen` says whether the address named
 * the zone; when it did not, the dashboard script switches the select to the browser's zone.
 */
export const ZonePicker: FC<{ id: string; zone: string; chosen: boolean }> = ({ id, zone: current, chosen }) => (
  <div>
    <label for={id}>Time zone</label>
    <select id={id} name="tz" data-calendar-zone="" data-chosen={chosen ? "yes" : "no"}>
      {zones.map((zone) => (
        <option value={zone} selected={zone === current}>
          {zone.replaceAll("_", " ")}
        </option>
      ))}
    </select>
  </div>
);
