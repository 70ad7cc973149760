import { apiPath } from '@jalaj/contracts';
import { callRoute, routeUrl } from './api-routes.js';
import type { ApiClient } from './api-client.js';

describe('routeUrl', () => {
  it('fills path parameters from the route contract, percent-encoded', () => {
    expect(routeUrl('cart.updateItem', { params: { id: 'cit_1' }, body: { quantity: 2 } })).toBe('/api/cart/items/cit_1');
    expect(routeUrl('admin.admins.remove', { params: { email: 'a+b@x.in' } })).toBe('/api/admin/admins/a%2Bb%40x.in');
    expect(apiPath('me.addresses.defaultBilling', { id: 'adr 1' })).toBe('/api/me/addresses/adr%201/default-billing');
  });

  it('adds only the query values that are set', () => {
    expect(routeUrl('products.list')).toBe('/api/products');
    expect(routeUrl('products.list', { query: { q: '', category: 'foreground', light: undefined } })).toBe('/api/products?category=foreground');
  });
});

describe('callRoute', () => {
  it('sends the route’s method, path and body', async () => {
    const calls: unknown[][] = [];
    const client = { request: async (...args: unknown[]) => (calls.push(args), { ok: true }) } as unknown as ApiClient;
    await callRoute(client, 'cart.addItem', { body: { productId: 'prd_1', quantity: 3 } });
    await callRoute(client, 'me.addresses.delete', { params: { id: 'adr_1' } });
    await callRoute(client, 'cart.clear');
    expect(calls).toEqual([
      ['POST', '/api/cart/items', { productId: 'prd_1', quantity: 3 }, undefined],
      ['DELETE', '/api/me/addresses/adr_1', undefined, undefined],
      ['DELETE', '/api/cart', undefined, undefined],
    ]);
  });
});
