/**
 * What GET /v1/me/limits reads, kept in process where the database itself says when it changes
 * (src/node/limits-invalidation.ts). `row`: the whole row, on the embedded PGlite, whose NOTIFY
 * arrives before the changing call returns. `usage`: only the connected accounts and the stored
 * bytes, on a PostgreSQL server, whose NOTIFY reaches this process's listening connection
 * asynchronously; the workspace's own columns (credits, plan, rates) are read fresh on every
 * call there, so what a batch is planned on is never a notice behind. A Worker has no cache.
 */
export interface LimitsCache<Row = unknown> {
  readonly scope: "row" | "usage";
  get(workspaceId: string, mode: string): Row | undefined;
  /** Counter of invalidations; take it before reading the database and hand it to `set`. */
  generation(): number;
  /** Keeps `row` unless something was forgotten since `generation` was taken. */
  set(workspaceId: string, mode: string, row: Row, generation: number): void;
  forgetWorkspace(workspaceId: string): void;
  /** Notices may have been missed (a lost listening connection): nothing cached can be trusted. */
  forgetAll(): void;
}

export function createLimitsCache<Row = unknown>(maxWorkspaces = 10_000, scope: LimitsCache["scope"] = "row"): LimitsCache<Row> {
  const byWorkspace = new Map<string, Map<string, Row>>();
  let generation = 0;
  return {
    scope,
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
    forgetAll() {
      generation++;
      byWorkspace.clear();
    },
  };
}
