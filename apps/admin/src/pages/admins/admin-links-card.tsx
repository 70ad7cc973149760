import { ExportOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';

// Paths of the BFF, not of this app's router: they are opened as whole pages.
const ADMIN_PAGES = [
  { path: '/admin/login', label: 'Admin login page' },
  { path: '/admin', label: 'Admin dashboard' },
] as const;

/** Where the admin area lives, for passing on to a new admin. */
export function AdminLinksCard() {
  return (
    <Card
      className="admins-area admins-area--info"
      title={
        <span className="admin-card-title">
          <InfoCircleOutlined aria-hidden="true" /> Admin Pages
        </span>
      }
    >
      <ul className="admin-links">
        {ADMIN_PAGES.map(({ path, label }) => (
          <li key={path} className="admin-links__item">
            <div className="admin-links__text">
              <Typography.Text code>{path}</Typography.Text>
              <Typography.Text type="secondary">{label}</Typography.Text>
            </div>
            <Button
              href={path}
              target="_blank"
              rel="noopener noreferrer"
              icon={<ExportOutlined />}
              aria-label={`Open ${path} in a new tab`}
            >
              Open
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
