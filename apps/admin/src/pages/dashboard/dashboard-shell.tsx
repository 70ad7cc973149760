import {
  AppstoreOutlined,
  ArrowLeftOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { BRAND_NAME, BrandMark, useSession } from '@jalaj/web-kit';
import { Button, Grid, Layout, Tabs, type TabsProps, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiErrorNotice } from '../../api/error-messages.js';
import { AdminsTab } from '../admins/admins-tab.js';
import { OrdersTab } from '../orders/orders-tab.js';
import { ProductsTab } from '../products/products-tab.js';
import { UsersTab } from '../users/users-tab.js';
import { SalesOverTime } from './sales-over-time.js';
import { TodaysFigures } from './todays-figures.js';

const TAB_KEYS = ['orders', 'products', 'users', 'admins'] as const;
type TabKey = (typeof TAB_KEYS)[number];

const isTabKey = (value: string | null): value is TabKey => TAB_KEYS.includes(value as TabKey);

const TABS: TabsProps['items'] = [
  { key: 'orders', label: 'Orders', icon: <ShoppingOutlined />, children: <OrdersTab /> },
  { key: 'products', label: 'Products', icon: <AppstoreOutlined />, children: <ProductsTab /> },
  { key: 'users', label: 'Users', icon: <TeamOutlined />, children: <UsersTab /> },
  { key: 'admins', label: 'Admins', icon: <SafetyCertificateOutlined />, children: <AdminsTab /> },
];

/**
 * The admin's dashboard: header (the shop's brand, who is signed in), today's figures, the
 * sales over time, and the four tabs, Orders first. The open tab lives in the URL
 * (`?tab=products`) so that a reload or a shared link keeps it, and so does each tab's query
 * (a figure links to one).
 */
export function DashboardShell() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeKey: TabKey = isTabKey(requested) ? requested : 'orders';
  // Compact tabs on phones so all four fit without the overflow menu.
  const { md } = Grid.useBreakpoint();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const showError = useApiErrorNotice();

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch (error) {
      showError(error);
      setSigningOut(false);
    }
  };

  return (
    <Layout className="admin-layout">
      <Layout.Header className="admin-header">
        <div className="admin-header__inner">
          <div className="admin-header__brand">
            <BrandMark />
            <span className="admin-header__wordmark">{BRAND_NAME}</span>
            <Typography.Title level={1} className="admin-header__title">
              Admin Dashboard
            </Typography.Title>
          </div>
          <div className="admin-header__account">
            <Button type="text" href="/" icon={<ArrowLeftOutlined />} className="admin-header__back">
              Back to Site
            </Button>
            <span className="admin-header__email" title={user?.email}>
              <UserOutlined aria-hidden="true" />
              <span className="admin-header__email-text">{user?.email}</span>
            </span>
            <Button
              color="primary"
              variant="outlined"
              size="small"
              icon={<LogoutOutlined />}
              loading={signingOut}
              onClick={() => void handleSignOut()}
              className="admin-header__sign-out"
            >
              Sign Out
            </Button>
          </div>
        </div>
      </Layout.Header>
      <Layout.Content className="admin-content">
        <TodaysFigures />
        <SalesOverTime />
        <Tabs
          activeKey={activeKey}
          items={TABS}
          size={md ? 'large' : 'middle'}
          tabBarGutter={md ? 32 : 18}
          // Each tab reads its own query from the URL (the same names: q, page): a hidden tab must not.
          destroyOnHidden
          onChange={(key) => setSearchParams(key === 'orders' ? {} : { tab: key }, { replace: true })}
        />
      </Layout.Content>
    </Layout>
  );
}
