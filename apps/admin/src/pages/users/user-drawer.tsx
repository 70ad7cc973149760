import { ShoppingOutlined } from '@ant-design/icons';
import { formatAdminDate, formatRupees, userDisplayName } from '@jalaj/commerce';
import { Alert, Descriptions, Drawer, Empty, Grid, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { type UserDetail, useAdminUser } from '../../api/admin-users.js';
import { LOAD_USER_FALLBACK, readErrorText } from '../../api/error-messages.js';
import { addressLines } from '../orders/order-display.js';
import { DEFAULT_ORDERS_QUERY, ordersSearchParams } from '../orders/order-query.js';
import { RoleTag } from './user-card.js';

/** The Orders tab showing only this customer's orders. */
const customerOrdersLink = (userId: string) => `/?${ordersSearchParams({ ...DEFAULT_ORDERS_QUERY, customer: userId }).toString()}`;

/** One account beside the Users tab: profile, order figures, addresses, and a way to their orders. */
export function UserDrawer({ userId, onClose }: { readonly userId: string | null; readonly onClose: () => void }) {
  const { data, error, isLoading } = useAdminUser(userId);
  const { md } = Grid.useBreakpoint();
  const detail = data && data.user.id === userId ? data : undefined;

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      size={md ? 560 : '100%'}
      title={detail ? userDisplayName(detail.user.fullName) : 'User'}
      destroyOnHidden
      className="user-drawer"
    >
      {error && !detail ? (
        <Alert type="error" showIcon title={readErrorText(error, LOAD_USER_FALLBACK)} />
      ) : isLoading || !detail ? (
        <div className="admin-loading" aria-busy="true">
          <Spin description="Loading user..." />
        </div>
      ) : (
        <UserDetails detail={detail} onLeave={onClose} />
      )}
    </Drawer>
  );
}

function UserDetails({ detail, onLeave }: { readonly detail: UserDetail; readonly onLeave: () => void }) {
  const { user, addresses, orders } = detail;
  const facts = [
    { key: 'name', label: 'Name', children: userDisplayName(user.fullName) },
    { key: 'email', label: 'Email', children: user.email || '—' },
    { key: 'phone', label: 'Phone', children: user.phone ?? '—' },
    { key: 'role', label: 'Role', children: <RoleTag role={user.role} /> },
    { key: 'joined', label: 'Joined', children: formatAdminDate(user.createdAt) },
    { key: 'orders', label: 'Paid orders', children: orders.paidOrders },
    { key: 'spent', label: 'Total spent', children: <strong>{formatRupees(orders.totalSpentPaise)}</strong> },
  ];

  return (
    <div className="user-drawer__body">
      <Descriptions size="small" column={1} bordered items={facts} className="user-drawer__facts" />
      <div>
        <Link to={customerOrdersLink(user.id)} onClick={onLeave} className="user-drawer__orders">
          <ShoppingOutlined aria-hidden="true" /> View orders
        </Link>
      </div>
      <section aria-labelledby="user-drawer-addresses">
        <Typography.Title level={4} id="user-drawer-addresses" className="user-drawer__subhead">
          Addresses
        </Typography.Title>
        {addresses.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No saved addresses" />
        ) : (
          <ul className="user-drawer__addresses">
            {addresses.map((address) => (
              <li key={address.id} className="user-drawer__address" aria-label={address.nickname ?? address.addressLine1}>
                <div className="user-drawer__address-head">
                  <Typography.Text strong>{address.nickname ?? 'Address'}</Typography.Text>
                  {address.isDefaultShipping && <Tag>Default shipping</Tag>}
                  {address.isDefaultBilling && <Tag>Default billing</Tag>}
                </div>
                <address>
                  {addressLines(address).map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </address>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

