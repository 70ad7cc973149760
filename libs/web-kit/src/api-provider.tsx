import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { type ApiClient, createApiClient } from './api-client.js';

/** The SWR fetcher of the shop: the SWR key is the API path, fetched with `GET`. */
export type ApiFetcher = <T>(path: string) => Promise<T>;

/**
 * Builds the shared SWR fetcher on top of an API client.
 *
 * @param client - The client to fetch with.
 * @returns A fetcher that `GET`s its key.
 */
export function createApiFetcher(client: ApiClient): ApiFetcher {
  return <T,>(path: string) => client.get<T>(path);
}

/** The client used when no {@link ApiProvider} is mounted: same origin, default retries. */
export const defaultApiClient: ApiClient = createApiClient();

interface ApiContextValue {
  readonly client: ApiClient;
  readonly fetcher: ApiFetcher;
  /** API paths whose first read came with the page and has not been mounted yet. */
  readonly initialKeys: Set<string>;
}

const ApiContext = createContext<ApiContextValue>({ client: defaultApiClient, fetcher: createApiFetcher(defaultApiClient), initialKeys: new Set() });

/** Props of {@link ApiProvider}. */
export interface ApiProviderProps {
  /** The client to use; {@link defaultApiClient} by default. */
  readonly client?: ApiClient;
  /** SWR options laid over the shop's defaults. */
  readonly swrConfig?: SWRConfiguration;
  /**
   * API replies that came with the page, by API path (a server-rendered page): they are
   * shown at once, and their first mount does not fetch them again.
   */
  readonly initialData?: Readonly<Record<string, unknown>>;
  readonly children?: ReactNode;
}

/**
 * Makes one API client and the SWR defaults available to the app below it.
 *
 * SWR's own error retry is off because the client already retries the
 * failures worth retrying (502, 503, 504, network); retrying a 4xx again would
 * only repeat the same answer. Focus revalidation is off so that switching
 * tabs does not refetch every list.
 */
export function ApiProvider({ client = defaultApiClient, swrConfig, initialData, children }: ApiProviderProps) {
  const context = useMemo<ApiContextValue>(
    () => ({ client, fetcher: createApiFetcher(client), initialKeys: new Set(Object.keys(initialData ?? {})) }),
    [client, initialData],
  );
  const config = useMemo<SWRConfiguration>(
    () => ({ fetcher: context.fetcher, shouldRetryOnError: false, revalidateOnFocus: false, ...(initialData ? { fallback: initialData } : {}), ...swrConfig }),
    [context, swrConfig, initialData],
  );
  return (
    <ApiContext value={context}>
      <SWRConfig value={config}>{children}</SWRConfig>
    </ApiContext>
  );
}

/**
 * The API client of the nearest {@link ApiProvider}, for mutations (`post`,
 * `patch`, `del`) that SWR does not cover.
 *
 * @returns The client.
 */
export function useApiClient(): ApiClient {
  return useContext(ApiContext).client;
}

/**
 * Whether `path` is read for the first time from data that came with the page; true
 * for the components mounted with the page (a later mount, e.g. after navigating back,
 * fetches as usual).
 *
 * The path is used up once the component has committed, not while it renders: React may
 * render a component being hydrated more than once before it commits (hydration that was
 * interrupted and resumed), and a second render that found the path gone would ask for a
 * fetch and render a loading state where the server rendered the data — a hydration
 * mismatch (React error #418).
 *
 * @param path - The API path of the read.
 * @returns True when the page's data is fresh enough to show without fetching again.
 */
export function useTakeInitialData(path: string | null): boolean {
  const { initialKeys } = useContext(ApiContext);
  const [taken] = useState(() => path !== null && initialKeys.has(path));
  useEffect(() => {
    if (taken && path !== null) initialKeys.delete(path);
  }, [taken, path, initialKeys]);
  return taken;
}

/**
 * The shared SWR fetcher of the nearest {@link ApiProvider}.
 *
 * @returns The fetcher.
 */
export function useApiFetcher(): ApiFetcher {
  return useContext(ApiContext).fetcher;
}
