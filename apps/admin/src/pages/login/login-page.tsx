import { ArrowLeftOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { canSubmitAdminLogin, isAdminRole, validateAdminLogin } from '@jalaj/commerce';
import { BrandMark, type Me, useSession } from '@jalaj/web-kit';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../api/error-messages.js';
import { CheckingAccess } from '../dashboard/checking-access.js';
import { useNotification } from '../../use-notification.js';

/** What the dashboard hands to the login when it sends a signed-out visitor here. */
export interface LoginRedirectState {
  /** The dashboard path (with its query) to return to after signing in. */
  readonly from?: string;
}

interface LoginValues {
  readonly email?: string;
  readonly password?: string;
}

// Spec §8, Admin login, word for word.
const ACCESS_DENIED_NOTICE = { title: 'Access Denied', description: "You don't have admin privileges." } as const;
/**
 * 'Login Successful - Checking admin privileges...' lasts as long as the check and no longer:
 * shown with antd's default duration it stayed about 5 s over the dashboard (4.5 s and its
 * fade), long after the check had answered.
 */
const PRIVILEGE_CHECK_NOTICE = { key: 'admin-privilege-check', title: 'Login Successful', description: 'Checking admin privileges...', duration: 0 } as const;

// Only paths inside this app are followed, so the state cannot send the admin elsewhere.
function returnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/**
 * `/admin/login`: signs an administrator in with email and password. A user
 * who turns out not to be an admin stays signed in (the storefront session is
 * theirs to keep) and is told so here.
 */
export function LoginPage() {
  const { status, user, signIn } = useSession();
  const notification = useNotification();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const email = Form.useWatch('email', form);
  const password = Form.useWatch('password', form);
  const [submitting, setSubmitting] = useState(false);
  // Set once this page has told the user what their session allows, so that
  // the check on arrival and a sign-in made here never both announce it.
  const outcomeShown = useRef(false);

  const signedInAsAdmin = status === 'signed-in' && user !== null && isAdminRole(user.role);
  const target = returnPath(location.state);

  useEffect(() => {
    if (status !== 'signed-in' || signedInAsAdmin || outcomeShown.current) return;
    outcomeShown.current = true;
    notification.error(ACCESS_DENIED_NOTICE);
  }, [status, signedInAsAdmin, notification]);

  // The check ends when this page goes, on the way to the dashboard: so does its notice.
  useEffect(() => () => notification.destroy(PRIVILEGE_CHECK_NOTICE.key), [notification]);

  const handleFinish = async (values: LoginValues) => {
    const errors = validateAdminLogin(values);
    if (errors.length > 0) {
      form.setFields(errors.map(({ field, message }) => ({ name: field as keyof LoginValues, errors: [message] })));
      return;
    }
    outcomeShown.current = true;
    setSubmitting(true);
    let me: Me;
    try {
      me = await signIn((values.email ?? '').trim(), values.password ?? '');
    } catch (error) {
      notification.error({ title: 'Login Failed', description: apiErrorMessage(error) });
      setSubmitting(false);
      return;
    }
    notification.success(PRIVILEGE_CHECK_NOTICE);
    if (isAdminRole(me.role)) {
      navigate(target, { replace: true });
      return;
    }
    notification.destroy(PRIVILEGE_CHECK_NOTICE.key);
    notification.error(ACCESS_DENIED_NOTICE);
    setSubmitting(false);
  };

  if (status === 'loading') return <CheckingAccess />;
  if (signedInAsAdmin && !submitting) return <Navigate to={target} replace />;

  return (
    <main className="admin-login">
      <title>Admin Login — Jalaj</title>
      <div className="admin-login__column">
        {/* A plain link: the storefront is another app, so this is a full page load. */}
        <Button type="link" href="/" icon={<ArrowLeftOutlined />} className="admin-login__back">
          Back to Store
        </Button>
        <Card className="admin-login__card">
          <div className="admin-login__heading">
            <BrandMark size={56} className="admin-login__badge" />
            <Typography.Title level={1} className="admin-login__title">
              Admin Login
            </Typography.Title>
            <Typography.Text type="secondary">Sign in to manage the Jalaj store</Typography.Text>
          </div>
          <Form<LoginValues>
            form={form}
            name="admin-login"
            layout="vertical"
            requiredMark={false}
            noValidate
            disabled={submitting}
            onFinish={(values) => void handleFinish(values)}
          >
            <Form.Item label="Email" name="email">
              <Input
                type="email"
                size="large"
                autoComplete="username"
                inputMode="email"
                placeholder="admin@example.com"
                prefix={<MailOutlined />}
              />
            </Form.Item>
            <Form.Item label="Password" name="password">
              <Input.Password size="large" autoComplete="current-password" placeholder="Your password" prefix={<LockOutlined />} />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={submitting}
              disabled={!canSubmitAdminLogin({ email, password, submitting })}
            >
              Sign In as Admin
            </Button>
          </Form>
          <Typography.Paragraph type="secondary" className="admin-login__help">
            Need admin access?{' '}
            <Typography.Link href="/auth">Contact the system administrator</Typography.Link>
          </Typography.Paragraph>
        </Card>
      </div>
    </main>
  );
}
