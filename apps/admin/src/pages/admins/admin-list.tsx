import { DeleteOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { adminSinceText, avatarInitial, trimmedText } from '@jalaj/commerce';
import { type Me, useApiClient, useSession } from '@jalaj/web-kit';
import { Alert, Avatar, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAdminAdmins, useRoleChanges } from '../../api/admin-users.js';
import { apiErrorMessage, LIST_ADMINS_FALLBACK, ROLE_CHANGE_TEXTS, roleChangeErrorMessage } from '../../api/error-messages.js';
import { useConfirm } from '../../use-confirm.js';
import { useNotification } from '../../use-notification.js';

function sinceText(createdAt: string): string | null {
  try {
    return adminSinceText(createdAt);
  } catch {
    return null;
  }
}

const sameEmail = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

/** The Current Admin Users list, each with a confirmed Remove Admin. */
export function AdminList() {
  const { data, error, isLoading, isValidating, mutate } = useAdminAdmins();
  const { removeAdmin } = useRoleChanges();
  const { user, setUser } = useSession();
  const client = useApiClient();
  const notification = useNotification();
  const confirm = useConfirm();
  const [removing, setRemoving] = useState<string | null>(null);
  const admins = data?.items ?? [];
  const listError = error ? apiErrorMessage(error, LIST_ADMINS_FALLBACK) : null;

  // Spec §8 wants a failed listing as a toast; the card also keeps it in view.
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (!error || notified.current === error) return;
    notified.current = error;
    notification.error({ title: 'Error', description: apiErrorMessage(error, LIST_ADMINS_FALLBACK) });
  }, [error, notification]);

  const handleRemove = async (email: string) => {
    setRemoving(email);
    try {
      await removeAdmin(email);
    } catch (caught) {
      notification.error({ title: 'Error', description: roleChangeErrorMessage('remove', caught) });
      return;
    } finally {
      setRemoving(null);
    }
    notification.success({ title: 'Success', description: ROLE_CHANGE_TEXTS.remove.success });
    // Nothing stops admins from demoting themselves (spec §4); the session
    // must then learn the new role so that the dashboard closes behind them.
    if (sameEmail(user?.email, email)) {
      try {
        setUser(await client.get<Me>('/api/me'));
      } catch (caught) {
        console.warn('Could not reload the profile after removing the own admin role', caught);
      }
    }
  };

  return (
    <Card
      className="admins-area admins-area--list"
      title={
        <span className="admin-card-title">
          <SafetyCertificateOutlined aria-hidden="true" /> Current Admin Users
          {data && <Tag className="admin-card-title__count">{admins.length}</Tag>}
        </span>
      }
      extra={<Button type="text" icon={<ReloadOutlined />} onClick={() => void mutate()} loading={isValidating && !isLoading} aria-label="Reload admin users" />}
    >
      {listError && !data ? (
        <Alert
          type="error"
          showIcon
          title={listError}
          action={
            <Button size="small" onClick={() => void mutate()}>
              Retry
            </Button>
          }
        />
      ) : isLoading ? (
        <div aria-busy="true">
          <Skeleton avatar active paragraph={{ rows: 1 }} />
          <Skeleton avatar active paragraph={{ rows: 1 }} />
        </div>
      ) : admins.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No admin users found" />
      ) : (
        <ul className="admin-list" aria-label="Current Admin Users">
          {admins.map((admin) => {
            const since = sinceText(admin.createdAt);
            const fullName = trimmedText(admin.fullName);
            return (
              <li key={admin.id} className="admin-list__item">
                <Avatar size={40} className="admin-list__avatar" aria-hidden="true">
                  {avatarInitial(admin)}
                </Avatar>
                <div className="admin-list__details">
                  <div className="admin-list__email-row">
                    <Typography.Text strong ellipsis={{ tooltip: admin.email }} className="admin-list__email">
                      {admin.email}
                    </Typography.Text>
                    <Tag color="red" className="admin-list__badge">
                      Admin
                    </Tag>
                  </div>
                  {fullName && <Typography.Text className="admin-list__line">{fullName}</Typography.Text>}
                  {since && (
                    <Typography.Text type="secondary" className="admin-list__line admin-list__since">
                      {since}
                    </Typography.Text>
                  )}
                </div>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  loading={removing === admin.email}
                  disabled={removing !== null && removing !== admin.email}
                  className="admin-list__remove"
                  onClick={() =>
                    confirm({
                      title: 'Remove Admin',
                      content: (
                        <span className="admin-list__confirm">
                          Remove the admin role from <strong>{admin.email}</strong>?
                        </span>
                      ),
                      okText: 'Remove',
                      onConfirm: () => handleRemove(admin.email),
                    })
                  }
                >
                  Remove Admin
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
