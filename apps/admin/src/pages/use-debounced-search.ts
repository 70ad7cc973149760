import { useEffect, useRef, useState } from 'react';

/** How long a search box waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The text of a search box that commits what was typed once typing pauses. A search
 * changed elsewhere (Back, Clear filters) shows in the box.
 *
 * @param committed - The search the list shows now.
 * @param commit - Called with the trimmed text when it differs from `committed`.
 * @returns The box's text and its setter.
 */
export function useDebouncedSearch(committed: string, commit: (q: string) => void): readonly [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const latest = useRef({ committed, commit });
  latest.current = { committed, commit };

  useEffect(() => setText(committed), [committed]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === latest.current.committed) return undefined;
    // Checked again when it fires: a search committed meanwhile (Clear filters) is not committed twice,
    // which would move the list back to its first page after a page was chosen.
    const timer = setTimeout(() => {
      if (wanted !== latest.current.committed) latest.current.commit(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText] as const;
}
