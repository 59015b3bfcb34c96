export const logLevels = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function isLogLevel(value: string): value is LogLevel {
  return (logLevels as readonly string[]).includes(value);
}

/** Where a finished line goes: stdout and stderr on Node, console.log into the Workers log. */
export type LogSink = (line: string, level: LogLevel) => void;

const consoleSink: LogSink = (line, level) => (level === "error" || level === "warn" ? console.error(line) : console.log(line));

/**
 * One JSON object per line (`time`, `level`, `msg`, then the fields), readable by `wrangler tail`,
 * journald and any log shipper alike. Lines below `level` cost one comparison.
 */
export function createJsonLogger(options: { level?: LogLevel; sink?: LogSink; now?: () => Date } = {}): Logger {
  const threshold = logLevels.indexOf(options.level ?? "info");
  const sink = options.sink ?? consoleSink;
  const now = options.now ?? (() => new Date());
  const at = (level: LogLevel) => {
    if (logLevels.indexOf(level) < threshold) return () => {};
    return (msg: string, fields: Record<string, unknown> = {}) => sink(JSON.stringify({ time: now().toISOString(), level, msg, ...fields }), level);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** The default: info and above to the console. */
export const consoleLogger: Logger = createJsonLogger();

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** A logger that keeps its lines, parsed, for tests to read. */
export function memoryLogger(level: LogLevel = "debug"): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  return { ...createJsonLogger({ level, sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }), lines };
}
