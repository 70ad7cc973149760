import { keepOnPage, NO_SELECTION, selectAllLabel, toggleAllOrders, toggleOrder, withoutOrders } from './order-selection.js';

describe('the Orders tab selection (spec §4, Order selection)', () => {
  const page = ['ord_a', 'ord_b', 'ord_c'];

  it('toggles one order at a time', () => {
    const one = toggleOrder(NO_SELECTION, 'ord_b');
    expect([...one]).toEqual(['ord_b']);
    expect(toggleOrder(one, 'ord_b').size).toBe(0);
  });

  it('select-all toggles between all of the page and none', () => {
    const some = toggleOrder(NO_SELECTION, 'ord_a');
    const all = toggleAllOrders(some, page);
    expect([...all].sort()).toEqual(page);
    expect(toggleAllOrders(all, page).size).toBe(0);
    expect(toggleAllOrders(NO_SELECTION, []).size).toBe(0);
  });

  it('drops deleted orders and orders no longer on the page', () => {
    const all = toggleAllOrders(NO_SELECTION, page);
    expect([...withoutOrders(all, ['ord_a'])].sort()).toEqual(['ord_b', 'ord_c']);
    expect(withoutOrders(all, ['ord_x'])).toBe(all);
    expect([...keepOnPage(all, ['ord_c', 'ord_d'])]).toEqual(['ord_c']);
  });

  it('words the select-all checkbox as the spec does', () => {
    expect(selectAllLabel(2, 20)).toBe('Select All (2 of 20 selected)');
  });
});
