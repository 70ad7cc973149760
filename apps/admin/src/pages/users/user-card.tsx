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

/** A role's badge (spec: admin red, user blue, other grey). */
export function RoleTag({ role, className }: { readonly role: string; readonly className?: string }) {
  return (
    <Tag color={TAG_COLORS[roleBadgeColor(role)]} className={className}>
      {role}
    </Tag>
  );
}

/** The date a user joined, or nothing when the server sent no usable date. */
function joinedText(createdAt: string): string | null {
  try {
    return `Joined ${formatAdminDate(createdAt)}`;
  } catch {
    return null;
  }
}

/** Opens with Enter or Space, as a button does. */
const OPEN_KEYS = new Set(['Enter', ' ']);

interface UserCardProps {
  readonly user: Me;
  /** Opens the account's details (click, Enter or Space). */
  readonly onOpen: (id: string) => void;
}

/** One account in the Users tab: initial, name, role, email and joining date; it opens the account's details. */
export function UserCard({ user, onOpen }: UserCardProps) {
  const color = roleBadgeColor(user.role);
  const joined = joinedText(user.createdAt);
  return (
    <Card
      size="small"
      hoverable
      className="user-card"
      role="button"
      tabIndex={0}
      aria-haspopup="dialog"
      onClick={() => onOpen(user.id)}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        onOpen(user.id);
      }}
    >
      <div className="user-card__body">
        <Avatar size={44} style={{ backgroundColor: AVATAR_COLORS[color], flex: 'none' }} aria-hidden="true">
          {avatarInitial(user)}
        </Avatar>
        <div className="user-card__details">
          <div className="user-card__name-row">
            <Typography.Text strong ellipsis={{ tooltip: true }} className="user-card__name">
              {userDisplayName(user.fullName)}
            </Typography.Text>
            <RoleTag role={user.role} className="user-card__role" />
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
