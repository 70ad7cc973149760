import { HomeOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';

/** Shown to anyone who is not an admin. */
export function AccessDenied() {
  return (
    <main className="admin-centered">
      <Result
        status="403"
        title={<h1 className="admin-result-title">Access Denied</h1>}
        subTitle="You don't have admin privileges to access this page."
        extra={
          // A plain link: the storefront is another app, so this is a full page load.
          <Button type="primary" size="large" href="/" icon={<HomeOutlined />}>
            Go Back to Home
          </Button>
        }
      />
    </main>
  );
}
