import { apiPath, type Address as ContractAddress, type HttpBody, type HttpResponse } from '@jalaj/contracts';
import { callRoute, useApiClient, useRoute } from '@jalaj/web-kit';
import { useMemo } from 'react';

/** `GET /api/me/addresses` (newest first) and `POST` to add one. */
export const ADDRESSES_PATH = apiPath('me.addresses.list');

/** A saved address of the signed-in user, as the BFF returns it. */
export type Address = ContractAddress;

/** What the add and edit calls send (the address form after commerce's `normalizeAddress`), typed from the route contract. */
export type AddressPayload = HttpBody<'me.addresses.create'>;

/** The reply of the list and set-default calls. */
export type AddressList = HttpResponse<'me.addresses.list'>;

/**
 * The signed-in user's addresses.
 *
 * @param enabled - Whether a user is signed in; nothing is fetched otherwise.
 */
export function useAddresses(enabled: boolean) {
  return useRoute('me.addresses.list', enabled ? {} : null);
}

/** Address changes; each resolves with the server's answer and rejects with an ApiError. */
export interface AddressApi {
  /** `POST /api/me/addresses`. */
  create(address: AddressPayload): Promise<Address>;
  /** `PATCH /api/me/addresses/:id`. */
  update(id: string, address: AddressPayload): Promise<Address>;
  /** `DELETE /api/me/addresses/:id`. */
  remove(id: string): Promise<void>;
  /** `POST /api/me/addresses/:id/default-shipping`: the whole list, re-flagged. */
  setDefaultShipping(id: string): Promise<AddressList>;
  /** `POST /api/me/addresses/:id/default-billing`: the whole list, re-flagged. */
  setDefaultBilling(id: string): Promise<AddressList>;
}

/** The address calls, bound to the app's API client. */
export function useAddressApi(): AddressApi {
  const client = useApiClient();
  return useMemo<AddressApi>(
    () => ({
      create: (address) => callRoute(client, 'me.addresses.create', { body: address }),
      update: (id, address) => callRoute(client, 'me.addresses.update', { params: { id }, body: address }),
      remove: (id) => callRoute(client, 'me.addresses.delete', { params: { id } }),
      setDefaultShipping: (id) => callRoute(client, 'me.addresses.defaultShipping', { params: { id } }),
      setDefaultBilling: (id) => callRoute(client, 'me.addresses.defaultBilling', { params: { id } }),
    }),
    [client],
  );
}
