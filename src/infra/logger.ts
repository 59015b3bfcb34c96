export interface Logger {
  error(message: string, fields: Record<string, unknown>): void;
  info(message: string, fields: Record<string, unknown>): void;
}

/** One JSON line per event: readable in `wrangler tail` and in Node's stdout alike. */
export const consoleLogger: Logger = {
  error: (message, fields) => console.error(JSON.stringify({ level: "error", message, ...fields })),
  info: (message, fields) => console.log(JSON.stringify({ level: "info", message, ...fields })),
};

export const silentLogger: Logger = { error: () => {}, info: () => {} };
