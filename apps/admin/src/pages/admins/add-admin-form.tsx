import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { parseAddAdminEmail } from '@jalaj/commerce';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useRoleChanges } from '../../api/admin-users.js';
import { ROLE_CHANGE_TEXTS, roleChangeErrorMessage } from '../../api/error-messages.js';
import { useNotification } from '../../use-notification.js';

interface AddAdminValues {
  readonly email?: string;
}

/** The Add New Admin form: makes an existing account an admin by its email. */
export function AddAdminForm() {
  const [form] = Form.useForm<AddAdminValues>();
  const email = Form.useWatch('email', form);
  const [pending, setPending] = useState(false);
  const { addAdmin } = useRoleChanges();
  const notification = useNotification();

  const handleFinish = async (values: AddAdminValues) => {
    const parsed = parseAddAdminEmail(values.email);
    if (parsed.status === 'empty') return;
    if (parsed.status === 'invalid') {
      form.setFields([{ name: 'email', errors: [parsed.error.message] }]);
      return;
    }
    setPending(true);
    try {
      await addAdmin(parsed.email);
      notification.success({ title: 'Success', description: ROLE_CHANGE_TEXTS.add.success });
      form.resetFields();
    } catch (error) {
      notification.error({ title: 'Error', description: roleChangeErrorMessage('add', error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card
      className="admins-area admins-area--add"
      title={
        <span className="admin-card-title">
          <UserAddOutlined aria-hidden="true" /> Add New Admin
        </span>
      }
    >
      <Form<AddAdminValues> form={form} name="add-admin" layout="vertical" requiredMark={false} noValidate onFinish={(values) => void handleFinish(values)}>
        <div className="add-admin__row">
          <Form.Item
            label="User Email"
            name="email"
            className="add-admin__field"
            extra="The user must already be registered on the store before they can be made an admin."
          >
            <Input type="email" inputMode="email" autoComplete="off" placeholder="user@example.com" prefix={<MailOutlined />} disabled={pending} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<UserAddOutlined />}
            loading={pending}
            disabled={pending || parseAddAdminEmail(email).status === 'empty'}
            className="add-admin__submit"
          >
            {pending ? 'Adding...' : 'Add Admin'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
