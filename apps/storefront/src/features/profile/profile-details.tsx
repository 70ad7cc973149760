import { accountTypeLabel, AUTH_MESSAGES, formatCustomerDate, renderMessage } from '@jalaj/commerce';
import { type Me, useSession } from '@jalaj/web-kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useMe, useMeApi } from '../../api/me.js';
import { useToast } from '../toast/toast-provider.js';
import { PencilIcon } from '../ui/icons.js';
import { TextField } from '../ui/form-field.js';

const memberSince = (createdAt: string): string => {
  try {
    return formatCustomerDate(createdAt);
  } catch {
    return '';
  }
};

/**
 * The Profile tab: full name, e-mail, account type and member-since date.
 * Edit makes only the full name editable; the e-mail never is.
 */
export function ProfileDetails() {
  const { status, user, setUser } = useSession();
  const { data, error, mutate } = useMe(status === 'signed-in');
  const meApi = useMeApi();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [fullName, setFullName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // The session already knows the user, so the card is filled at once and GET /api/me only freshens it.
  const me: Me | null = data ?? user;

  useEffect(() => {
    if (error) toast({ title: renderMessage('PROFILE_NOT_FOUND', { action: 'load' }).message, tone: 'error' });
  }, [error, toast]);

  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);

  if (!me) return null;

  const startEditing = () => {
    setFullName(me.fullName);
    setNameError(undefined);
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    setNameError(undefined);
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const name = fullName.trim();
    if (name === '') {
      setNameError(AUTH_MESSAGES.fullNameRequired);
      nameRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const updated = await meApi.updateFullName(name);
      setUser(updated);
      await mutate(updated, { revalidate: false });
      toast({ title: 'Profile updated successfully', tone: 'success' });
      setEditing(false);
    } catch {
      toast({ title: 'Failed to update profile', tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="profile-details-title">
      <header className="panel__header">
        <div>
          <h2 id="profile-details-title" className="panel__title">
            Profile Information
          </h2>
          <p className="panel__lead">Your name and how you sign in to Jalaj.</p>
        </div>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={editing ? cancel : startEditing}
          disabled={saving}
        >
          {editing ? null : <PencilIcon width={16} height={16} />}
          {editing ? 'Cancel' : 'Edit'}
        </button>
      </header>
      <form className="form" noValidate onSubmit={(event) => void save(event)} aria-busy={saving}>
        <div className="form-grid">
          <TextField
            ref={nameRef}
            label="Full Name"
            name="fullName"
            autoComplete="name"
            value={editing ? fullName : me.fullName}
            disabled={!editing}
            error={nameError}
            onChange={(event) => {
              setFullName(event.target.value);
              setNameError(undefined);
            }}
          />
          <TextField label="Email" name="email" type="email" value={me.email} disabled hint="Email address cannot be modified" readOnly />
        </div>
        <dl className="facts">
          <div className="facts__item">
            <dt>Account Type</dt>
            <dd>{accountTypeLabel(me.role)}</dd>
          </div>
          <div className="facts__item">
            <dt>Member Since</dt>
            <dd>{memberSince(me.createdAt)}</dd>
          </div>
        </dl>
        {editing ? (
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
