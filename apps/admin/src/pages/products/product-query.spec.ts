import { changeProductsQuery, DEFAULT_PRODUCTS_QUERY, isProductsFiltered, productsApiQuery, productsSearchParams, readProductsQuery, stockLevel } from './product-query.js';

describe('the Products tab query', () => {
  it('starts again at page 1 when the search, the filter or the order changes, not when the page does', () => {
    const onPage3 = { ...DEFAULT_PRODUCTS_QUERY, page: 3 };
    expect(changeProductsQuery(onPage3, { q: 'fern' })).toEqual({ ...DEFAULT_PRODUCTS_QUERY, q: 'fern', page: 1 });
    expect(changeProductsQuery(onPage3, { lowStock: true }).page).toBe(1);
    expect(changeProductsQuery(onPage3, { sort: 'stock-asc' }).page).toBe(1);
    expect(changeProductsQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(changeProductsQuery(onPage3, { q: '' }).page).toBe(3);
  });

  it('counts the search and the low-stock filter as narrowing, not the order', () => {
    expect(isProductsFiltered(DEFAULT_PRODUCTS_QUERY)).toBe(false);
    expect(isProductsFiltered({ ...DEFAULT_PRODUCTS_QUERY, sort: 'stock-desc' })).toBe(false);
    expect(isProductsFiltered({ ...DEFAULT_PRODUCTS_QUERY, q: 'x' })).toBe(true);
    expect(isProductsFiltered({ ...DEFAULT_PRODUCTS_QUERY, lowStock: true })).toBe(true);
  });

  it('sends only what differs from the defaults, and always the page size', () => {
    expect(productsApiQuery(DEFAULT_PRODUCTS_QUERY)).toEqual({ pageSize: '24' });
    expect(productsApiQuery({ q: 'java', lowStock: true, sort: 'stock-asc', page: 2 })).toEqual({ q: 'java', lowStock: 'true', sort: 'stock-asc', page: '2', pageSize: '24' });
  });

  it('lives in the URL: read back the same, the plain tab at ?tab=products', () => {
    const url = 'tab=products&q=java&lowStock=true&sort=stock-asc&page=2';
    const query = readProductsQuery(new URLSearchParams(url));
    expect(query).toEqual({ q: 'java', lowStock: true, sort: 'stock-asc', page: 2 });
    expect(productsSearchParams(query).toString()).toBe(url);
    expect(productsSearchParams(DEFAULT_PRODUCTS_QUERY).toString()).toBe('tab=products');
    expect(readProductsQuery(new URLSearchParams('tab=products'))).toEqual(DEFAULT_PRODUCTS_QUERY);
  });

  it('drops what a stale or hand-edited link gets wrong', () => {
    expect(readProductsQuery(new URLSearchParams('lowStock=yes&sort=cheapest&page=-1'))).toEqual(DEFAULT_PRODUCTS_QUERY);
    expect(readProductsQuery(new URLSearchParams('page=2.5&q=%20fern%20'))).toEqual({ ...DEFAULT_PRODUCTS_QUERY, q: 'fern' });
    expect(readProductsQuery(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('marks stock at 0 out, at or under the threshold low, above it fine', () => {
    expect(stockLevel(0, 5)).toBe('out');
    expect(stockLevel(1, 5)).toBe('low');
    expect(stockLevel(5, 5)).toBe('low');
    expect(stockLevel(6, 5)).toBe('ok');
    expect(stockLevel(0, 0)).toBe('out');
    expect(stockLevel(1, 0)).toBe('ok');
  });
});
