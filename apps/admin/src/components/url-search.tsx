"use client";

import type { SortingState } from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import type { ComponentProps, ReactNode } from "react";

import { StateField } from "./record-parts";

/** One filter of a search form: its `name` is also its parameter in the page's address. */
export interface SearchField<N extends string = string> {
  name: N;
  label: string;
  type?: "text" | "number" | "datetime-local";
  placeholder?: string;
}

/** Every field's value, "" when empty. */
export type FiltersOf<Fields extends readonly SearchField[]> = Record<
  Fields[number]["name"],
  string
>;

/** What the page asks the server for: its filters and TanStack's sorting (one column at most). */
export interface ServerSearch<F> {
  filters: F;
  sorting: SortingState;
}

/**
 * What a value in the address must look like to fill a field of its type, as the input itself
 * would hold it: anything else (a link edited by hand) leaves the field empty.
 */
const FITS = {
  text: () => true,
  number: (value: string) => /^\d+$/.test(value),
  "datetime-local": (value: string) =>
    /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(value) && !Number.isNaN(Date.parse(`${value}Z`)),
} as const;

/** The sort's parameters: `sort` names a sortable column, `direction` is `asc` or else `desc`. */
const SORT = "sort";
const DIRECTION = "direction";

/** `path` searched for `query`'s values, trimmed, empty ones left out: `/rounds?player=…`. */
export function searchHref(path: string, query: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value.trim() !== "") params.set(name, value.trim());
  }
  const search = params.toString();
  return search === "" ? path : `${path}?${search}`;
}

/** An empty filter left out of a procedure's input. */
export const given = (value: string) => (value === "" ? undefined : value);

/**
 * A search kept in the page's address, so it can be shared, bookmarked, reloaded, and left with
 * Back: the address's filters (the form fields' names) and sort are the search shown, and
 * searching again pushes a new address, which the page then follows.
 */
export function useUrlSearch<N extends string>({
  fields,
  sorting,
  sortable,
}: {
  fields: readonly SearchField<N>[];
  /** The order when the address names none (and then left out of it). */
  sorting: SortingState;
  /** The columns the server can sort by. */
  sortable: readonly string[];
}) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();

  const search = useMemo((): ServerSearch<Record<N, string>> => {
    const filters = Object.fromEntries(
      fields.map(({ name, type = "text" }) => {
        const value = params.get(name)?.trim() ?? "";
        return [name, FITS[type](value) ? value : ""];
      }),
    ) as Record<N, string>;
    const by = params.get(SORT);
    return {
      filters,
      sorting:
        by !== null && sortable.includes(by)
          ? [{ id: by, desc: params.get(DIRECTION) !== "asc" }]
          : sorting,
    };
  }, [params, fields, sorting, sortable]);

  const sortQuery = (chosen: SortingState): Record<string, string> => {
    const [column] = chosen;
    const [usual] = sorting;
    if (column === undefined || (column.id === usual?.id && column.desc === usual.desc)) return {};
    return { [SORT]: column.id, [DIRECTION]: column.desc ? "desc" : "asc" };
  };

  return {
    search,
    /** The sort's parameters (none for the usual order), for the form's hidden fields. */
    sortQuery: sortQuery(search.sorting),
    /** A new address for `chosen` (none if it is this one's): Back returns to this search. */
    searchFor: (chosen: ServerSearch<Record<N, string>>) => {
      const href = searchHref(pathname, { ...chosen.filters, ...sortQuery(chosen.sorting) });
      if (href !== searchHref(pathname, Object.fromEntries(params))) {
        router.push(href, { scroll: false });
      }
    },
  };
}

/**
 * The form of a search kept in the address: its fields start from the address and follow it
 * (Back), and Search puts them there. A GET form of the same names, so one sent before the
 * script runs opens the same page on the same search.
 */
export function SearchForm<N extends string>({
  fields,
  server,
  children,
  ...form
}: {
  fields: readonly SearchField<N>[];
  server: Pick<ReturnType<typeof useUrlSearch<N>>, "search" | "sortQuery"> & {
    filterBy: (filters: Record<N, string>) => void;
  };
  /** The submit button. */
  children: ReactNode;
} & Omit<ComponentProps<"form">, "method" | "action" | "onSubmit" | "children">) {
  const { filters } = server.search;
  const [draft, setDraft] = useState(filters);
  // Compared by value: sorting again changes the address, not the filters typed.
  const shown = JSON.stringify(filters);
  const [drafted, setDrafted] = useState(shown);
  if (drafted !== shown) {
    setDrafted(shown);
    setDraft(filters);
  }

  return (
    <form
      {...form}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        server.filterBy(draft);
      }}
    >
      {fields.map(({ name, label, type, placeholder }) => (
        <StateField
          key={name}
          label={label}
          name={name}
          type={type}
          placeholder={placeholder}
          value={draft[name]}
          onValue={(value) => {
            setDraft((before) => ({ ...before, [name]: value }));
          }}
        />
      ))}
      {Object.entries(server.sortQuery).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
