import { apiPath, HTTP_ROUTES, type ApiPathArgs, type HttpBody, type HttpQuery, type HttpResponse, type HttpRouteId, type PathParamNames } from '@jalaj/contracts';
import type { SWRConfiguration, SWRResponse } from 'swr';
import type { ApiClient, RequestOptions } from './api-client.js';
import type { ApiError } from './api-error.js';
import { useApi } from './use-api.js';

type Path<Id extends HttpRouteId> = (typeof HTTP_ROUTES)[Id]['path'];

/**
 * What a call of a route takes, typed from the route contract: its path parameters when
 * its path has any, its body when it takes one, its query when it reads one.
 */
export type RouteInput<Id extends HttpRouteId> = ([PathParamNames<Path<Id>>] extends [never] ? { readonly params?: undefined } : { readonly params: ApiPathArgs<Id>[0] }) &
  (HttpBody<Id> extends undefined ? { readonly body?: undefined } : { readonly body: HttpBody<Id> }) &
  (HttpQuery<Id> extends undefined ? unknown : { readonly query?: Partial<Record<keyof NonNullable<HttpQuery<Id>>, string>> });

/** The arguments after the route id: the input may be left out when nothing in it is required. */
export type RouteArgs<Id extends HttpRouteId> = object extends RouteInput<Id> ? [input?: RouteInput<Id>, options?: RequestOptions] : [input: RouteInput<Id>, options?: RequestOptions];

/**
 * The address of a route call: its path with the parameters filled in, then the query
 * values that are set (empty ones left out, so "no filter" keeps the bare path and its
 * cache entry).
 *
 * @param id - The route, e.g. `'products.list'`.
 * @param input - Its parameters and query.
 * @returns The path to request, e.g. `/api/products?category=foreground`.
 */
export function routeUrl<Id extends HttpRouteId>(id: Id, input?: RouteInput<Id>): string {
  const path = apiPath(id, ...([input?.params] as ApiPathArgs<Id>));
  const query = (input as { query?: Record<string, string | undefined> } | undefined)?.query ?? {};
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * Calls a route of the BFF with the method and path of the route contract; the body and
 * the answer are typed from its schemas. Rejects with an {@link ApiError}.
 *
 * @example callRoute(client, 'cart.updateItem', { params: { id }, body: { quantity } })
 */
export function callRoute<Id extends HttpRouteId>(client: ApiClient, id: Id, ...[input, options]: RouteArgs<Id>): Promise<HttpResponse<Id>> {
  return client.request<HttpResponse<Id>>(HTTP_ROUTES[id].method, routeUrl(id, input), input?.body, options);
}

/**
 * Reads a `GET` route with SWR, typed from the route contract; its {@link routeUrl} is
 * the cache key.
 *
 * @param id - The route.
 * @param input - Its parameters and query; `null` skips the request (nothing to fetch yet).
 * @param config - SWR options.
 */
export function useRoute<Id extends HttpRouteId>(id: Id, input: RouteInput<Id> | null, config?: SWRConfiguration<HttpResponse<Id>, ApiError>): SWRResponse<HttpResponse<Id>, ApiError> {
  return useApi<HttpResponse<Id>>(input === null ? null : routeUrl(id, input), config);
}
