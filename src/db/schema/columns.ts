import { timestamp } from "drizzle-orm/pg-core";

/** Every time column in the schema is a `timestamptz` read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => ts("created_at").notNull().defaultNow();

export const updatedAt = () => ts("updated_at").notNull().defaultNow();

/** `created_at` and `updated_at`, both set on insert; writers move `updatedAt` themselves. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
