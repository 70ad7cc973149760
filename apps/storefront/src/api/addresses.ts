import type { NormalizedAddress } from '@jalaj/commerce';
import type { Address as ContractAddress } from '@jalaj/contracts';
import { useApi, useApiClient } from '@jalaj/web-kit';
import { useMemo } from 'react';

/** `GET /api/me/addresses` (newest first) and `POST` to add one. */
export const ADDRESSES_PATH = '/api/me/addresses';

/** A saved address of the signed-in user, as the BFF returns it. */
export type Address = ContractAddress;

/** What the add and edit calls send: the address form after commerce's `normalizeAddress`. */
export type AddressPayload = NormalizedAddress;

/** The reply of the list and set-default calls. */
export interface AddressList {
  readonly items: Address[];
}

/**
 * The signed-in user's addresses.
 *
 * @param enabled - Whether a user is signed in; nothing is fetched otherwise.
 */
export function useAddresses(enabled: boolean) {
  return useApi<AddressList>(enabled ? ADDRESSES_PATH : null);
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

const addressPath = (id: string) => `${ADDRESSES_PATH}/${encodeURIComponent(id)}`;

/** The address calls, bound to the app's API client. */
export function useAddressApi(): AddressApi {
  const client = useApiClient();
  return useMemo<AddressApi>(
    () => ({
      create: (address) => client.post(ADDRESSES_PATH, address),
      update: (id, address) => client.patch(addressPath(id), address),
      remove: (id) => client.del(addressPath(id)),
      setDefaultShipping: (id) => client.post(`${addressPath(id)}/default-shipping`),
      setDefaultBilling: (id) => client.post(`${addressPath(id)}/default-billing`),
    }),
    [client],
  );
}
