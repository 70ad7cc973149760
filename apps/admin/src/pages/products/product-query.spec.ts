import { changeProductsQuery, DEFAULT_PRODUCTS_QUERY, isProductsFiltered, productsApiQuery, stockLevel } from './product-query.js';

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

  it('marks stock at 0 out, at or under the threshold low, above it fine', () => {
    expect(stockLevel(0, 5)).toBe('out');
    expect(stockLevel(1, 5)).toBe('low');
    expect(stockLevel(5, 5)).toBe('low');
    expect(stockLevel(6, 5)).toBe('ok');
    expect(stockLevel(0, 0)).toBe('out');
    expect(stockLevel(1, 0)).toBe('ok');
  });
});
