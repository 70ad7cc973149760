/** The Users tab of the dashboard; its content arrives with the users admin feature. */
export function UsersTab() {
  return null;
}
