/** The Products tab of the dashboard; its content arrives with the products admin feature. */
export function ProductsTab() {
  return null;
}
