import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiError } from './api-error.js';
import { useApiFetcher, useTakeInitialData } from './api-provider.js';

/**
 * Reads an API resource with SWR through the shared fetcher.
 *
 * @param path - The API path, e.g. `'/api/products'`; `null` skips the request
 *   (for a resource that depends on something not known yet).
 * @param config - SWR options for this resource.
 * @returns SWR's response: `data`, `error` (an {@link ApiError}), `isLoading`, `mutate`…
 */
export function useApi<T>(path: string | null, config?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  const fetcher = useApiFetcher();
  // Data rendered into the page by the server is as fresh as a fetch now would be.
  const fromPage = useTakeInitialData(path);
  return useSWR<T, ApiError, string | null>(path, (key: string) => fetcher<T>(key), fromPage ? { revalidateOnMount: false, ...config } : config);
}
