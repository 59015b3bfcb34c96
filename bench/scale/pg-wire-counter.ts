/**
 * Counts what a client asks of Postgres by reading the frontend protocol as it passes the WebSocket
 * proxy (pg_stat_statements is not loaded on this server, so the wire is where statements are seen).
 * A statement is a simple Query ('Q') or an Execute ('E') of the extended protocol; a round trip is
 * a 'Q' or a Sync ('S'), the points where the client waits for the server. Messages may span chunks.
 */
export interface WireCounts {
  connections: number;
  statements: number;
  roundTrips: number;
  /**
   * Statements bound to the sandbox store's named statements (`sandbox_*`, db-sandbox-store.ts): the
   * simulated networks keep their state in Postgres, which a real network does not, so the bench
   * reports statements without them as Chorus's own.
   */
  sandboxStatements: number;
}

const SSL_REQUEST = 80_877_103;
const GSS_REQUEST = 80_877_104;

export function wireCounter(counts: WireCounts): () => (chunk: Buffer) => void {
  return () => {
    counts.connections++;
    let started = false;
    let pending: Buffer = Buffer.alloc(0);
    return (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // Untyped: SSLRequest / GSSENCRequest (then the startup), or the startup message itself.
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) started = true;
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        const type = String.fromCharCode(pending[0] ?? 0);
        if (type === "Q" || type === "E") counts.statements++;
        if (type === "Q" || type === "S") counts.roundTrips++;
        if (type === "B") {
          // Bind: portal name, then the prepared statement's name, both NUL-terminated.
          const portalEnd = pending.indexOf(0, 5);
          const nameEnd = portalEnd >= 0 ? pending.indexOf(0, portalEnd + 1) : -1;
          if (nameEnd > portalEnd && nameEnd <= length && pending.toString("utf8", portalEnd + 1, nameEnd).startsWith("sandbox_")) counts.sandboxStatements++;
        }
        pending = pending.subarray(1 + length);
      }
    };
  };
}
