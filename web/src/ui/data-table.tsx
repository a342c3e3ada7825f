import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
  /**
   * A table wide enough to scroll sideways on a phone: its wrapper takes focus, so the keyboard can
   * scroll it, and is a region named by the caption; each cell carries its column's header
   * (`data-label`), so a screen can lay the rows out as cards.
   */
  wide?: boolean;
}

export function DataTable<Row>({ caption, columns, rows, rowKey, empty, wide = false }: DataTableProps<Row>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div
      className={wide ? 'table-wrap table-wrap--wide' : 'table-wrap'}
      {...(wide ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'table__numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={column.numeric ? 'table__numeric' : undefined}
                  data-label={wide ? column.header : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
