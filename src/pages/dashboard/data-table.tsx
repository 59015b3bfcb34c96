import type { Child } from "hono/jsx";

export interface Column<T> {
  head: Child;
  cell: (row: T) => Child;
  /** The cell that names its row: a `th scope="row"`, so a screen reader announces it with each value across. */
  rowHeader?: boolean;
}

/**
 * Every list page's table: a labelled region that becomes one card per row below 640 px (focusable,
 * so the keyboard can still scroll a wide cell), column headers scoped to their columns, one row per item. The
 * pages keep their own empty states: some show a sentence instead, some an empty table.
 */
export function DataTable<T>({
  id,
  label,
  caption,
  columns,
  rows,
  rowAttributes,
}: {
  id?: string | undefined;
  /** What the region is called to assistive technology. */
  label: string;
  caption?: Child;
  columns: Column<T>[];
  rows: T[];
  /** The row's own attributes (an `id` or `data-*` the tests and scripts find it by). */
  rowAttributes?: (row: T) => Record<string, string>;
}) {
  return (
    <section class="table-wrap" tabindex={0} aria-label={label}>
      <table id={id}>
        {caption === undefined ? null : <caption class="muted">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col">{column.head}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr {...(rowAttributes?.(row) ?? {})}>
              {columns.map((column) => {
                // Below 640 px each row is a card and each cell shows its column's name (CSS `attr(data-label)`).
                const label = typeof column.head === "string" ? column.head : "";
                return column.rowHeader ? (
                  <th scope="row" data-label={label}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td data-label={label}>{column.cell(row)}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
