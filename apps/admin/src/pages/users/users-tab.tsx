import { ClearOutlined, ReloadOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAdminUsers } from '../../api/admin-users.js';
import { LIST_USERS_FALLBACK, readErrorText } from '../../api/error-messages.js';
import { ListPagination, SearchBox } from '../list-controls.js';
import { useDebouncedSearch } from '../use-debounced-search.js';
import { UserCard } from './user-card.js';
import { UserDrawer } from './user-drawer.js';
import { changeUsersQuery, matchesText, readUsersQuery, USERS_PAGE_SIZE, usersApiQuery, usersSearchParams, type UsersQuery } from './user-query.js';
import './users.css';

const GRID = { xs: 24, md: 12, xl: 8 } as const;

/**
 * The Users tab of the dashboard (read-only): one page of accounts at a time, newest first,
 * searched by name or email on the server; 'N Total Users' is every account of the shop.
 * A card opens the account's details. The search and the page live in the URL.
 */
export function UsersTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readUsersQuery(searchParams), [searchParams]);
  const { data, error, isLoading, isValidating, mutate } = useAdminUsers(usersApiQuery(query));
  const [openId, setOpenId] = useState<string | null>(null);
  const users = data?.items ?? [];
  // With the previous page kept on screen, only an answer to this very query may say how many match.
  const current = data !== undefined && !isLoading && !error;
  const reload = () => void mutate();

  const setQuery = useCallback(
    (change: Partial<UsersQuery>) => {
      const next = changeUsersQuery(query, change);
      // Typing replaces the history entry; a page change adds one, so Back undoes it.
      setSearchParams(usersSearchParams(next), { replace: !('page' in change) });
    },
    [query, setSearchParams],
  );
  const [search, setSearch] = useDebouncedSearch(query.q, (q) => setQuery({ q }));

  // A page past the end (an old link): the last page that has users.
  useEffect(() => {
    if (!current || data.items.length > 0 || query.page === 1) return;
    const last = Math.max(1, Math.ceil(data.matches / USERS_PAGE_SIZE));
    if (last < query.page) setQuery({ page: last });
  }, [current, data, query.page, setQuery]);

  const clearSearch = () => {
    setSearch('');
    setQuery({ q: '' });
  };

  const changePage = (page: number) => {
    setQuery({ page });
    document.getElementById('users-heading')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <section aria-labelledby="users-heading" className="admin-section users-tab">
      <div className="admin-section__head">
        <Typography.Title level={2} id="users-heading" className="admin-section__title">
          <TeamOutlined aria-hidden="true" /> {data ? `${data.total} Total Users` : 'Users'}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={reload} loading={isValidating && !isLoading} aria-label="Reload users" />
      </div>

      <div className="admin-toolbar users-toolbar" role="search" aria-label="Find users">
        <SearchBox text={search} onText={setSearch} onSubmit={(q) => setQuery({ q })} placeholder="Search by name or email" label="Search users" maxLength={100} />
        {query.q !== '' && (
          <span className="users-toolbar__matches" role="status" aria-live="polite">
            {current ? matchesText(data.matches, data.moreMatches) : error ? '' : 'Searching...'}
          </span>
        )}
      </div>

      {error && (
        <Alert
          className="users-tab__error"
          type="error"
          showIcon
          title={readErrorText(error, LIST_USERS_FALLBACK)}
          action={
            <Button size="small" onClick={reload}>
              Retry
            </Button>
          }
        />
      )}

      {!data || (users.length === 0 && !current) ? (
        // Nothing yet, or an empty page of another query: no verdict on this one until it answers.
        !error && (
          <div className="admin-loading" aria-busy="true">
            <Spin size="large" description="Loading users..." />
          </div>
        )
      ) : users.length === 0 && query.q !== '' ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>No users match</Typography.Text>
                <br />
                <Typography.Text type="secondary">No name or email contains “{query.q}”.</Typography.Text>
              </>
            }
          >
            <Button icon={<ClearOutlined />} onClick={clearSearch}>
              Clear search
            </Button>
          </Empty>
        </Card>
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
        <>
          <Row gutter={[16, 16]} role="list" aria-label="Users" aria-busy={isValidating}>
            {users.map((user) => (
              <Col key={user.id} {...GRID} role="listitem">
                <UserCard user={user} onOpen={setOpenId} />
              </Col>
            ))}
          </Row>
          <ListPagination className="users-pagination" page={query.page} pageSize={USERS_PAGE_SIZE} total={data.matches} onChange={changePage} />
        </>
      )}

      <UserDrawer userId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
