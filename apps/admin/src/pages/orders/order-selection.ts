/**
 * The Orders tab's selection (spec §4, Order selection): toggled per order, select-all
 * toggling between all and none of the orders on the page. Immutable sets of order ids.
 */
export type OrderSelection = ReadonlySet<string>;

/** Nothing selected. */
export const NO_SELECTION: OrderSelection = new Set<string>();

/**
 * Selects or unselects one order.
 *
 * @param selection - The current selection.
 * @param id - The order's id.
 * @returns The new selection.
 */
export function toggleOrder(selection: OrderSelection, id: string): OrderSelection {
  const next = new Set(selection);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * Select-all: every order on the page when not all of them are selected, otherwise none.
 *
 * @param selection - The current selection.
 * @param pageIds - The ids of the orders on the page.
 * @returns The new selection.
 */
export function toggleAllOrders(selection: OrderSelection, pageIds: readonly string[]): OrderSelection {
  return pageIds.length > 0 && pageIds.every((id) => selection.has(id)) ? NO_SELECTION : new Set(pageIds);
}

/**
 * The selection without some orders (deleted ones, or ones no longer on the page).
 *
 * @param selection - The current selection.
 * @param ids - The ids to drop.
 * @returns The new selection (the same object when nothing changed).
 */
export function withoutOrders(selection: OrderSelection, ids: readonly string[]): OrderSelection {
  if (!ids.some((id) => selection.has(id))) return selection;
  const next = new Set(selection);
  for (const id of ids) next.delete(id);
  return next;
}

/**
 * The selection kept to the orders on the page (after a page change or a reload).
 *
 * @param selection - The current selection.
 * @param pageIds - The ids of the orders now shown.
 * @returns The new selection (the same object when nothing changed).
 */
export function keepOnPage(selection: OrderSelection, pageIds: readonly string[]): OrderSelection {
  const shown = new Set(pageIds);
  return withoutOrders(selection, [...selection].filter((id) => !shown.has(id)));
}

/**
 * The label of the select-all checkbox (spec §2): 'Select All (x of y selected)'.
 *
 * @param selected - How many of the page's orders are selected.
 * @param shown - How many orders the page shows.
 */
export function selectAllLabel(selected: number, shown: number): string {
  return `Select All (${selected} of ${shown} selected)`;
}
