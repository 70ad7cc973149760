import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasProductFilters, PRODUCT_FILTER_KEYS, type ProductFilters, readProductFilters } from '../../api/products.js';

/** How long typing must pause before the search is applied (and fetched). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The select filters; the search box is handled apart because it is debounced. */
export type SelectFilterKey = Exclude<keyof ProductFilters, 'q'>;

/**
 * The Featured Plants filters, kept in the query string so that a filtered
 * view can be shared and survives a reload. Selects apply at once; the search
 * text applies once typing pauses. URL updates replace the history entry
 * (filtering is not navigation) and keep the scroll position.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readProductFilters(params), [params]);
  const [searchText, setSearchText] = useState(filters.q);
  // The q this hook last wrote, to tell its own URL updates from outside ones.
  const writtenQ = useRef(filters.q);

  const write = useCallback(
    (next: ProductFilters) => {
      writtenQ.current = next.q;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const key of PRODUCT_FILTER_KEYS) {
            if (next[key] === '') updated.delete(key);
            else updated.set(key, next[key]);
          }
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // A q changed from outside (a shared link opened in this tab, back/forward) replaces the box's text.
  useEffect(() => {
    if (filters.q !== writtenQ.current) {
      writtenQ.current = filters.q;
      setSearchText(filters.q);
    }
  }, [filters.q]);

  useEffect(() => {
    const q = searchText.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => write({ ...filters, q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters, write]);

  const setFilter = useCallback((key: SelectFilterKey, value: string) => write({ ...filters, q: searchText.trim(), [key]: value }), [filters, searchText, write]);

  const applySearch = useCallback(() => {
    if (searchText.trim() !== filters.q) write({ ...filters, q: searchText.trim() });
  }, [filters, searchText, write]);

  const clear = useCallback(() => {
    setSearchText('');
    write({ q: '', category: '', difficulty: '', light: '', co2: '' });
  }, [write]);

  return { filters, searchText, setSearchText, applySearch, setFilter, clear, active: hasProductFilters(filters) || searchText.trim() !== '' };
}
