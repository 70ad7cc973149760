import { ReloadOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useAdminUsers } from '../../api/admin-users.js';
import { apiErrorMessage } from '../../api/error-messages.js';
import { UserCard } from './user-card.js';

const GRID = { xs: 24, md: 12, xl: 8 } as const;

/** The Users tab of the dashboard: every account, read-only, newest first. */
export function UsersTab() {
  const { data, error, isLoading, isValidating, mutate } = useAdminUsers();
  const users = data?.items ?? [];
  const reload = () => void mutate();

  return (
    <section aria-labelledby="users-heading" className="admin-section">
      <div className="admin-section__head">
        <Typography.Title level={2} id="users-heading" className="admin-section__title">
          <TeamOutlined aria-hidden="true" /> {data ? `${users.length} Total Users` : 'Users'}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={reload} loading={isValidating && !isLoading} aria-label="Reload users" />
      </div>

      {error && !data ? (
        <Alert
          type="error"
          showIcon
          title={apiErrorMessage(error)}
          action={
            <Button size="small" onClick={reload}>
              Retry
            </Button>
          }
        />
      ) : isLoading ? (
        <Row gutter={[16, 16]} aria-busy="true">
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Col key={key} {...GRID}>
              <Card size="small">
                <Skeleton avatar active paragraph={{ rows: 2 }} title={{ width: '60%' }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : users.length === 0 ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>No Users Found</Typography.Text>
                <br />
                <Typography.Text type="secondary">No user accounts have been created yet.</Typography.Text>
              </>
            }
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]} role="list" aria-label="Users">
          {users.map((user) => (
            <Col key={user.id} {...GRID} role="listitem">
              <UserCard user={user} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
