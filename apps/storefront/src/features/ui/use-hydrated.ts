import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * Whether this part of a server-rendered page has been taken over by React: false in the
 * server's render and while the browser hydrates it, true from the render after. Controls
 * that only work through React stay disabled until then, so a choice made on a slow phone
 * before its part is hydrated (ADR 076 hydrates the page in slices) is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
