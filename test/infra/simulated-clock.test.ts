import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/infra/clock.js";
import { formatSimulatedClock, parseSimulatedClock, realAt, simulatedAt, simulatedClock } from "../../src/infra/simulated-clock.js";
import { type WorkerEnv, clockFor } from "../../src/worker.js";
import { wireCounter } from "../../bench/scale/pg-wire-counter.js";

const env = (vars: Record<string, string>) => ({ MEDIA: {} as WorkerEnv["MEDIA"], ...vars }) as WorkerEnv;

describe("the scale bench's simulated clock", () => {
  it("runs `rate` times real time from the agreed instant, both ways", () => {
    const spec = parseSimulatedClock("1798761600000@1765000000000x4");
    expect(formatSimulatedClock(spec)).toBe("1798761600000@1765000000000x4");
    expect(simulatedAt(spec, 1765000000000 + 15_000)).toBe(1798761600000 + 60_000);
    expect(realAt(spec, 1798761600000 + 60_000)).toBe(1765000000000 + 15_000);
    let real = 1765000000000;
    const clock = simulatedClock(spec, () => real);
    real += 1_000;
    expect(clock.now().getTime()).toBe(1798761600000 + 4_000);
  });

  it("refuses a malformed setting", () => {
    expect(() => parseSimulatedClock("tomorrow")).toThrow(/CHORUS_SIMULATED_CLOCK/);
    expect(() => parseSimulatedClock("1@2x0")).toThrow(/rate above 0/);
  });

  it("is the Worker's clock only beside WS_PROXY; without the setting the Worker keeps the system clock", () => {
    expect(clockFor(env({ DATABASE_URL: "postgres://x" }))).toBe(systemClock);
    expect(clockFor(env({ CHORUS_SIMULATED_CLOCK: "" }))).toBe(systemClock);
    expect(() => clockFor(env({ CHORUS_SIMULATED_CLOCK: "1798761600000@1765000000000x4" }))).toThrow(/scale bench only/);
    const bench = clockFor(env({ CHORUS_SIMULATED_CLOCK: `1798761600000@${Date.now()}x1`, WS_PROXY: "127.0.0.1:1/v1" }));
    expect(bench).not.toBe(systemClock);
    expect(Math.abs(bench.now().getTime() - 1798761600000)).toBeLessThan(60_000);
  });
});

describe("the bench's Postgres wire counter", () => {
  it("counts connections, statements (Query, Execute) and round trips (Query, Sync), across chunk boundaries", () => {
    const counts = { connections: 0, statements: 0, roundTrips: 0, sandboxStatements: 0 };
    const see = wireCounter(counts)();
    const msg = (type: string, payload = Buffer.alloc(0)) => {
      const head = Buffer.alloc(5);
      head.write(type, 0);
      head.writeInt32BE(4 + payload.length, 1);
      return Buffer.concat([head, payload]);
    };
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80_877_103, 4);
    const startup = Buffer.alloc(9);
    startup.writeInt32BE(9, 0);
    startup.writeInt32BE(196_608, 4);
    const stream = Buffer.concat([
      ssl,
      startup,
      msg("Q", Buffer.from("select 1\0")),
      msg("P", Buffer.from("\0select $1\0\0\0")),
      msg("B", Buffer.from("\0\0")),
      msg("E"),
      msg("B", Buffer.from("\0sandbox_get\0")),
      msg("E"),
      msg("S"),
    ]);
    for (let i = 0; i < stream.length; i += 3) see(stream.subarray(i, i + 3));
    expect(counts).toEqual({ connections: 1, statements: 3, roundTrips: 2, sandboxStatements: 1 });
  });
});
