/**
 * The rows GET /v1/me/limits reads, kept in process where the database itself says when they
 * change (src/node/limits-invalidation.ts: the embedded PGlite's NOTIFY, delivered before the
 * changing call returns). Where nothing says so (a PostgreSQL server other processes write to, a
 * Worker) there is no cache and every read goes to the database.
 */
export interface LimitsCache<Row = unknown> {
  get(workspaceId: string, mode: string): Row | undefined;
  /** Counter of invalidations; take it before reading the database and hand it to `set`. */
  generation(): number;
  /** Keeps `row` unless something was forgotten since `generation` was taken. */
  set(workspaceId: string, mode: string, row: Row, generation: number): void;
  forgetWorkspace(workspaceId: string): void;
}

export function createLimitsCache<Row = unknown>(maxWorkspaces = 10_000): LimitsCache<Row> {
  const byWorkspace = new Map<string, Map<string, Row>>();
  let generation = 0;
  return {
    get: (workspaceId, mode) => byWorkspace.get(workspaceId)?.get(mode),
    generation: () => generation,
    set(workspaceId, mode, row, seen) {
      // A read that began before a change committed may end after its notice: keeping its
      // answer would show the old credits until the next change.
      if (seen !== generation) return;
      let modes = byWorkspace.get(workspaceId);
      if (!modes) {
        if (byWorkspace.size >= maxWorkspaces) {
          const oldest = byWorkspace.keys().next().value;
          if (oldest !== undefined) byWorkspace.delete(oldest);
        }
        modes = new Map();
        byWorkspace.set(workspaceId, modes);
      }
      modes.set(mode, row);
    },
    forgetWorkspace(workspaceId) {
      generation++;
      byWorkspace.delete(workspaceId);
    },
  };
}
