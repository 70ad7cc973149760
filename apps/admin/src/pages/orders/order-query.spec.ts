import { changeOrdersQuery, DEFAULT_ORDERS_QUERY, filterQueryStrings, isFiltered, ordersSearchParams, readOrdersQuery } from './order-query.js';

describe('the Orders tab query in the URL', () => {
  it('reads every filter and the page, and writes them back the same', () => {
    const url = 'q=ananya&state=paid&fulfilment=none&from=2026-11-01&to=2026-11-22&archived=true&attention=true&claim=waiting&page=3';
    const query = readOrdersQuery(new URLSearchParams(url));
    expect(query).toEqual({ q: 'ananya', state: 'paid', fulfilment: 'none', from: '2026-11-01', to: '2026-11-22', archived: true, customer: null, attention: true, claim: 'waiting', page: 3 });
    expect(filterQueryStrings(query)).toMatchObject({ attention: 'true', claim: 'waiting' });
    expect(isFiltered({ ...DEFAULT_ORDERS_QUERY, attention: true })).toBe(true);
    expect(isFiltered({ ...DEFAULT_ORDERS_QUERY, claim: 'waiting' })).toBe(true);
    expect(ordersSearchParams(query).toString()).toBe(url);
  });

  it('keeps the plain tab at the bare address', () => {
    expect(readOrdersQuery(new URLSearchParams(''))).toEqual(DEFAULT_ORDERS_QUERY);
    expect(ordersSearchParams(DEFAULT_ORDERS_QUERY).toString()).toBe('');
  });

  it('drops what a stale or hand-edited link gets wrong instead of sending it', () => {
    const query = readOrdersQuery(new URLSearchParams('state=shipped&fulfilment=lost&from=22-11-2026&to=2026-13-45&page=-2&archived=yes'));
    expect(query).toEqual(DEFAULT_ORDERS_QUERY);
    expect(readOrdersQuery(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it("keeps a customer filter (the Users tab's View orders) in the URL and sends it, dropping a malformed id", () => {
    const query = readOrdersQuery(new URLSearchParams('customer=usr_01JD0000000000000000000000&page=2'));
    expect(query).toEqual({ ...DEFAULT_ORDERS_QUERY, customer: 'usr_01JD0000000000000000000000', page: 2 });
    expect(ordersSearchParams(query).toString()).toBe('customer=usr_01JD0000000000000000000000&page=2');
    expect(filterQueryStrings(query)).toMatchObject({ customer: 'usr_01JD0000000000000000000000' });
    expect(isFiltered({ ...DEFAULT_ORDERS_QUERY, customer: 'usr_1' })).toBe(true);
    for (const bad of ['', 'usr 1', 'usr_1;drop', 'x'.repeat(65)]) expect(readOrdersQuery(new URLSearchParams({ customer: bad })).customer).toBeNull();
  });

  it('puts a reversed date range the right way round', () => {
    expect(readOrdersQuery(new URLSearchParams('from=2026-11-22&to=2026-11-01'))).toMatchObject({ from: '2026-11-01', to: '2026-11-22' });
  });

  it('starts again at page 1 when the search or a filter changes, not when the page does', () => {
    const onPage3 = { ...DEFAULT_ORDERS_QUERY, page: 3 };
    expect(changeOrdersQuery(onPage3, { state: 'failed' })).toMatchObject({ state: 'failed', page: 1 });
    expect(changeOrdersQuery(onPage3, { q: 'x' }).page).toBe(1);
    expect(changeOrdersQuery(onPage3, { page: 4 }).page).toBe(4);
  });

  it('sends only the filters that are set to the API', () => {
    expect(filterQueryStrings(DEFAULT_ORDERS_QUERY)).toEqual({ q: undefined, state: undefined, fulfilment: undefined, from: undefined, to: undefined, archived: undefined, customer: undefined });
    expect(filterQueryStrings({ ...DEFAULT_ORDERS_QUERY, q: 'MO17', archived: true, from: '2026-11-01' })).toMatchObject({ q: 'MO17', archived: 'true', from: '2026-11-01' });
    expect(isFiltered(DEFAULT_ORDERS_QUERY)).toBe(false);
    expect(isFiltered({ ...DEFAULT_ORDERS_QUERY, page: 2 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_ORDERS_QUERY, archived: true })).toBe(true);
  });
});
