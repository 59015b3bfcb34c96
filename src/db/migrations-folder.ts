import { fileURLToPath } from "node:url";

/** The drizzle-kit output folder at the repository root, wherever the code is run from. */
export const migrationsFolder = fileURLToPath(new URL("../../migrations", import.meta.url));
