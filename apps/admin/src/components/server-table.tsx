"use client";

import {
  columnFilteringFeature,
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import type { ColumnDef, ReactTable, RowData, SortingState, Updater } from "@tanstack/react-table";
import { useMemo } from "react";
import type { ReactNode } from "react";

import { CursorPager, useCursorPages } from "./cursor-pager";
import { EmptyRow } from "./data-table";
import type { CursorPages } from "./cursor-pager";
import styles from "./data-table.module.css";
import { useUrlSearch } from "./url-search";
import type { SearchField, ServerSearch } from "./url-search";

export type { ServerSearch } from "./url-search";

/**
 * The rows come filtered, sorted and paged by the server (manual mode), so none of TanStack
 * Table's client row models is registered: only the state and the column APIs.
 */
const features = tableFeatures({ columnFilteringFeature, rowSortingFeature, rowPaginationFeature });

/** One column: its heading, its cell, and whether the server can sort by it (its id is the key). */
export interface ServerColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Right-aligned, for amounts. */
  number?: boolean;
}

/**
 * The server's order from TanStack's sorting state (one column at most), by one of the
 * procedure's sort keys (`keys`, the ids of the sortable columns); none for any other column.
 */
export function sortOf<By extends string>(sorting: SortingState, keys: readonly By[]) {
  const [first] = sorting;
  const by = keys.find((key) => key === first?.id);
  return first === undefined || by === undefined
    ? undefined
    : { by, direction: first.desc ? ("desc" as const) : ("asc" as const) };
}

const NO_ROWS: never[] = [];

/**
 * A search paged on the server by cursor and sorted on the server by the column the operator
 * clicks, drawn with TanStack Table in manual mode. The search is the page's address
 * (`useUrlSearch`): sorting a column or searching again changes it and starts from the first
 * page.
 */
export function useServerTable<
  N extends string,
  I,
  P extends { nextCursor: string | null },
  Row extends RowData & { id: string },
>({
  read,
  fields,
  sorting,
  inputOf,
  rowsOf,
  columns,
}: {
  /** The search's query, e.g. `(input) => relayApi.admin.rounds.search.query(input)`. */
  read: (input: I) => Promise<P>;
  /** The search form's fields, each a filter named as in the address. */
  fields: readonly SearchField<N>[];
  /** The server's order unless the address or a click says (a constant: it is compared). */
  sorting: SortingState;
  inputOf: (search: ServerSearch<Record<N, string>>, cursor: string | undefined) => I;
  rowsOf: (page: P) => Row[];
  columns: readonly ServerColumn<Row>[];
}) {
  const sortable = useMemo(
    () => columns.filter((column) => column.sortable === true).map((column) => column.id),
    [columns],
  );
  const address = useUrlSearch({ fields, sorting, sortable });
  const { search, searchFor } = address;
  const pages = useCursorPages(read, search, inputOf);
  const { page } = pages;
  const data = useMemo(() => (page === null ? (NO_ROWS as Row[]) : rowsOf(page)), [page, rowsOf]);
  const definitions = useMemo(
    () =>
      columns.map((column): ColumnDef<typeof features, Row> => ({
        id: column.id,
        header: column.header,
        // TanStack sorts only columns with an accessor; the server does the sorting, so the
        // value is never compared here.
        accessorFn: () => column.id,
        cell: ({ row }) => column.cell(row.original),
        enableSorting: column.sortable === true,
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: definitions,
    data,
    state: {
      sorting: search.sorting,
      pagination: { pageIndex: pages.index, pageSize: data.length },
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      searchFor({ ...search, sorting: functionalUpdate(updater, search.sorting) });
    },
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    // The server pages by cursor: how many pages there are is not known.
    pageCount: -1,
    enableMultiSort: false,
    enableSortingRemoval: false,
    // Amounts and times read best largest and newest first.
    sortDescFirst: true,
    getRowId: (row) => row.id,
  });
  return {
    ...pages,
    ...address,
    table,
    /** Searches again with `filters` from the first page, in the order chosen. */
    filterBy: (chosen: Record<N, string>) => {
      pages.first();
      searchFor({ ...search, filters: chosen });
    },
  };
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** The table of a `useServerTable`: sortable headings are buttons; then the pager. */
export function ServerTable<Row extends RowData>({
  server,
  columns,
  rowProps,
  empty,
  testId,
}: {
  server: { table: ReactTable<typeof features, Row> } & Pick<
    CursorPages<unknown>,
    "newer" | "older"
  >;
  columns: readonly ServerColumn<Row>[];
  /** Attributes of each row's `<tr>` (test ids, data-*). */
  rowProps: (row: Row) => Record<string, string>;
  empty: string;
  testId: string;
}) {
  const { table } = server;
  const numeric = new Set(columns.filter((column) => column.number).map((column) => column.id));
  const rows = table.getRowModel().rows;
  return (
    <>
      <div className={styles.scroller}>
        <table className={styles.table} data-testid={testId}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={numeric.has(header.column.id) ? styles.number : undefined}
                      aria-sort={sorted === false ? undefined : ARIA_SORT[sorted]}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className={styles.sort}
                          data-testid={`sort-${header.column.id}`}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">
                            {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : " ↕"}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} {...rowProps(row.original)}>
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={numeric.has(cell.column.id) ? styles.number : undefined}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow columns={columns.length} empty={empty} />}
          </tbody>
        </table>
      </div>
      <CursorPager pages={server} />
    </>
  );
}
