/**
 * The malformed values the fuzzer sends: wrong types, characters no store keeps, numbers past
 * every range, nesting past every stack, strings past every limit, dates the calendar lacks.
 */

/** A piece of JSON text inlined as is: values JSON.stringify cannot build (50,000 levels, 1e999). */
export interface RawJson {
  raw: string;
}

export type FuzzValue = null | boolean | number | string | RawJson | FuzzValue[] | { [key: string]: FuzzValue };

export const raw = (text: string): RawJson => ({ raw: text });
const isRaw = (value: unknown): value is RawJson =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as RawJson).raw === "string";

/** JSON text with raw pieces inlined (only the fuzzer's own shallow values are walked). */
export function encode(value: FuzzValue): string {
  if (isRaw(value)) return value.raw;
  if (Array.isArray(value)) return `[${value.map(encode).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${encode(v)}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

const deepObject = (levels: number) => raw(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);
const deepArray = (levels: number) => raw(`${"[".repeat(levels)}${"]".repeat(levels)}`);

export const hostileStrings: string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\udc00\ud800",
  "x".repeat(70_000),
  "😀".repeat(5_000),
  "e\u0301".repeat(3_000),
  "\u202eevil",
  "<script>alert(1)</script>",
  "'; drop table posts; --",
  "%00",
  "../../etc/passwd",
  "2030-02-30T10:00:00Z",
  "+275760-09-13T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "9999-12-31T23:59:59-14:00",
  "2030-01-01T10:00:00",
  "2030-01-01T25:61:61Z",
  "0000-00-00T00:00:00Z",
  "NaN",
  "acc_" + "A".repeat(200),
  "med_\u0000",
  "post_nope",
  "https://",
  "javascript:alert(1)",
  "http://localhost:0/%00",
  "Europe/Nowhere",
  "EST",
];

export const hostileNumbers: FuzzValue[] = [0, -1, 1.5, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, raw("1e999"), raw("-0"), raw("123456789012345678901234567890")];

export const hostileShapes: FuzzValue[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  { "": "" },
  { __proto__: { polluted: true } } as unknown as FuzzValue,
  raw('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
  deepObject(50_000),
  deepArray(50_000),
  deepObject(33),
  raw(`[${new Array(100_000).fill("0").join(",")}]`),
  raw(`{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`),
  raw('{"a":1,"a":2}'),
];

/** Whole bodies that are not the JSON object an endpoint takes. */
export const hostileBodies: string[] = [
  "",
  "null",
  "[]",
  '"text"',
  "1e999",
  "{",
  "{'single':'quotes'}",
  '{"a":1,}',
  "\u0000",
  '{"text":"\\ud800"}',
  '{"text":"\\u0000"}',
  `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
  `{"text":"${"x".repeat(1_100_000)}"}`,
  "\ufeff{}",
];

export const hostileIds: string[] = ["%00", "%ED%A0%80", "x%00y", "%F0%9F%98%80", "a".repeat(5_000), "..%2F..%2Fetc", "post_'%20OR%201=1--", "%FF%FE", "med_", "acc_%E2%80%AE", "-1", "0"];

export const hostileQueries: string[] = ["?cursor=%00", "?limit=-1", "?limit=1e999", "?x=%ED%A0%80", "?profile=%00", `?cursor=${"A".repeat(10_000)}`, "?%00=1", "?limit=50&limit=51"];
