import { CalendarOutlined, MailOutlined } from '@ant-design/icons';
import { avatarInitial, type BadgeColor, formatAdminDate, roleBadgeColor, userDisplayName } from '@jalaj/commerce';
import type { Me } from '@jalaj/web-kit';
import { Avatar, Card, Tag, Typography } from 'antd';

// antd's preset tag colours for the shop's badge colours; grey is antd's neutral default.
const TAG_COLORS: Readonly<Record<BadgeColor, string | undefined>> = {
  green: 'green',
  yellow: 'gold',
  red: 'red',
  blue: 'blue',
  grey: undefined,
};

// The avatar takes the badge's colour, so that admins stand out in the grid too.
const AVATAR_COLORS: Readonly<Record<BadgeColor, string>> = {
  green: '#1f6b3f',
  yellow: '#ad6800',
  red: '#cf1322',
  blue: '#13756d',
  grey: '#8c8c8c',
};

/** The date a user joined, or nothing when the server sent no usable date. */
function joinedText(createdAt: string): string | null {
  try {
    return `Joined ${formatAdminDate(createdAt)}`;
  } catch {
    return null;
  }
}

/** One account in the Users tab: initial, name, role, email and joining date. */
export function UserCard({ user }: { readonly user: Me }) {
  const color = roleBadgeColor(user.role);
  const joined = joinedText(user.createdAt);
  return (
    <Card size="small" className="user-card">
      <div className="user-card__body">
        <Avatar size={44} style={{ backgroundColor: AVATAR_COLORS[color], flex: 'none' }} aria-hidden="true">
          {avatarInitial(user)}
        </Avatar>
        <div className="user-card__details">
          <div className="user-card__name-row">
            <Typography.Text strong ellipsis={{ tooltip: true }} className="user-card__name">
              {userDisplayName(user.fullName)}
            </Typography.Text>
            <Tag color={TAG_COLORS[color]} className="user-card__role">
              {user.role}
            </Tag>
          </div>
          {user.email && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: user.email }} className="user-card__line">
              <MailOutlined aria-hidden="true" /> {user.email}
            </Typography.Text>
          )}
          {joined && (
            <Typography.Text type="secondary" className="user-card__line">
              <CalendarOutlined aria-hidden="true" /> {joined}
            </Typography.Text>
          )}
        </div>
      </div>
    </Card>
  );
}
