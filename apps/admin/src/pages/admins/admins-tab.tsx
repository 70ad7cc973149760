import { AddAdminForm } from './add-admin-form.js';
import { AdminLinksCard } from './admin-links-card.js';
import { AdminList } from './admin-list.js';

/** The Admins tab of the dashboard: add an admin by email, list and remove admins. */
export function AdminsTab() {
  return (
    <section aria-label="Admins" className="admins-tab">
      <AddAdminForm />
      <AdminList />
      <AdminLinksCard />
    </section>
  );
}
