/** The Orders tab of the dashboard; its content arrives with the orders admin feature. */
export function OrdersTab() {
  return null;
}
