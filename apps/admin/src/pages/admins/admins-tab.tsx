/** The Admins tab of the dashboard; its content arrives with the admins admin feature. */
export function AdminsTab() {
  return null;
}
