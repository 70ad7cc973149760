import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSignOut } from '../account/use-sign-out.js';
import { AddressManager } from '../addresses/address-manager.js';
import { LogOutIcon, MapPinIcon, SettingsIcon, UserIcon } from '../ui/icons.js';
import { ProfileDetails } from './profile-details.js';

const TABS = [
  { id: 'profile', label: 'Profile', Icon: UserIcon },
  { id: 'addresses', label: 'Addresses', Icon: MapPinIcon },
  { id: 'settings', label: 'Settings', Icon: SettingsIcon },
] as const;

type TabId = (typeof TABS)[number]['id'];

const isTabId = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/**
 * The three tabs of My Account (Profile, Addresses, Settings) as an ARIA tab
 * list: arrow keys, Home and End move between tabs, which activate on focus.
 * The open tab is kept in `?tab=` so that it survives a reload and can be linked.
 */
export function AccountTabs() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabId = isTabId(requested) ? requested : 'profile';
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const signOut = useSignOut();

  const select = (tab: TabId, focus = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === 'profile') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
    if (focus) tabRefs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const target =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target.id, true);
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label="My Account" className="tabs__list" onKeyDown={onKeyDown}>
        {TABS.map(({ id, label, Icon }) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${id}-tab`}
            aria-selected={active === id}
            aria-controls={`${baseId}-${id}-panel`}
            tabIndex={active === id ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(id)}
          >
            <Icon width={18} height={18} />
            {label}
          </button>
        ))}
      </div>
      {TABS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={`${baseId}-${id}-panel`}
          aria-labelledby={`${baseId}-${id}-tab`}
          hidden={active !== id}
          tabIndex={0}
          className="tabs__panel"
        >
          {active !== id ? null : id === 'profile' ? (
            <ProfileDetails />
          ) : id === 'addresses' ? (
            <AddressManager headingLevel={2} />
          ) : (
            <section className="panel" aria-labelledby={`${baseId}-settings-title`}>
              <header className="panel__header">
                <div>
                  <h2 id={`${baseId}-settings-title`} className="panel__title">
                    Account Settings
                  </h2>
                  <p className="panel__lead">Sign out of Jalaj on this device.</p>
                </div>
              </header>
              <button type="button" className="button button--danger" onClick={() => void signOut()}>
                <LogOutIcon width={18} height={18} />
                Sign Out
              </button>
            </section>
          )}
        </div>
      ))}
    </div>
  );
}
