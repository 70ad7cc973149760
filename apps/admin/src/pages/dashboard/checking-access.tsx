import { Spin } from 'antd';

/** Shown while the access check is under way. */
export function CheckingAccess() {
  return (
    <main className="admin-centered">
      <Spin size="large" description="Checking admin access..." />
    </main>
  );
}
