import { isApiError, UNEXPECTED_ERROR_MESSAGE } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { type Address, type AddressPayload, useAddressApi } from '../../api/addresses.js';
import { useToast } from '../toast/toast-provider.js';
import { renderApiError } from '../ui/error-text.js';

/**
 * Adds an address with the spec's toasts (§8): 'Address added successfully', or 'Failed to
 * add address: {reason}' and a rejection, so the form stays open with its values.
 * Shared by the address book and the checkout's address selector.
 *
 * @returns The call; it resolves with the saved address.
 */
export function useCreateAddress(): (payload: AddressPayload) => Promise<Address> {
  const api = useAddressApi();
  const toast = useToast();
  return useCallback(
    async (payload: AddressPayload) => {
      try {
        const created = await api.create(payload);
        toast({ title: 'Address added successfully', tone: 'success' });
        return created;
      } catch (failure) {
        const reason = isApiError(failure) ? renderApiError(failure).message : UNEXPECTED_ERROR_MESSAGE;
        toast({ title: `Failed to add address: ${reason}`, tone: 'error' });
        throw failure;
      }
    },
    [api, toast],
  );
}
