import { changeUsersQuery, DEFAULT_USERS_QUERY, matchesText, readUsersQuery, usersApiQuery, usersSearchParams } from './user-query.js';

describe('the Users tab query', () => {
  it('reads its own URL parameters, leaving the Orders tab its q and page', () => {
    expect(readUsersQuery(new URLSearchParams('tab=users&users-q=%20Asha%20&users-page=3'))).toEqual({ q: 'Asha', page: 3 });
    expect(readUsersQuery(new URLSearchParams('tab=users&q=order&page=4'))).toEqual(DEFAULT_USERS_QUERY);
  });

  it('reads a malformed page as the first, and cuts an over-long search', () => {
    for (const page of ['0', '-2', '1.5', 'abc', '100001']) expect(readUsersQuery(new URLSearchParams(`users-page=${page}`)).page).toBe(1);
    expect(readUsersQuery(new URLSearchParams(`users-q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults, with the tab', () => {
    expect(usersSearchParams(DEFAULT_USERS_QUERY).toString()).toBe('tab=users');
    expect(usersSearchParams({ q: 'asha roy', page: 2 }).toString()).toBe('tab=users&users-q=asha+roy&users-page=2');
    const back = usersSearchParams({ q: '50% off_', page: 7 });
    expect(readUsersQuery(back)).toEqual({ q: '50% off_', page: 7 });
  });

  it('starts again at page 1 when the search changes, not when the page does', () => {
    const onPage3 = { q: 'asha', page: 3 };
    expect(changeUsersQuery(onPage3, { q: 'ravi' })).toEqual({ q: 'ravi', page: 1 });
    expect(changeUsersQuery(onPage3, { q: 'asha' })).toEqual(onPage3);
    expect(changeUsersQuery(onPage3, { page: 4 })).toEqual({ q: 'asha', page: 4 });
  });

  it('sends the page size always, the search and page when set', () => {
    expect(usersApiQuery(DEFAULT_USERS_QUERY)).toEqual({ q: undefined, page: undefined, pageSize: '24' });
    expect(usersApiQuery({ q: 'asha', page: 2 })).toEqual({ q: 'asha', page: '2', pageSize: '24' });
  });

  it('says how many match, and that there are more past the cap', () => {
    expect(matchesText(0, false)).toBe('0 users match');
    expect(matchesText(1, false)).toBe('1 user matches');
    expect(matchesText(1000, false)).toBe('1,000 users match');
    expect(matchesText(1000, true)).toBe('More than 1,000 users match');
  });
});
