import { jest } from '@jest/globals';
import { reloadWhenAScriptIsGone } from './page-loading.js';

/** A window with the parts the handler uses: its events, a session storage and a reload that is counted. */
function fakeWindow(storage: Pick<Storage, 'getItem' | 'setItem'>) {
  const target = new EventTarget();
  const win = Object.assign(target, { sessionStorage: storage, location: { reload: jest.fn() } });
  reloadWhenAScriptIsGone(win as unknown as Window);
  /** Fires Vite's event for a script that could not be fetched: whether the error was taken over (no throw). */
  const scriptGone = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { win, scriptGone };
}

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

describe('reloadWhenAScriptIsGone', () => {
  afterEach(() => jest.useRealTimers());

  it('loads the page afresh instead of letting the error through', () => {
    const { win, scriptGone } = fakeWindow(memoryStorage());
    expect(scriptGone()).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('lets a second error within a minute through, so a shop out of reach does not reload for ever', () => {
    jest.useFakeTimers({ now: new Date('2026-12-03T10:00:00Z') });
    const storage = memoryStorage();
    expect(fakeWindow(storage).scriptGone()).toBe(true);
    // The page loaded afresh: a new window, the same tab's session storage.
    jest.setSystemTime(new Date('2026-12-03T10:00:30Z'));
    const again = fakeWindow(storage);
    expect(again.scriptGone()).toBe(false);
    expect(again.win.location.reload).not.toHaveBeenCalled();
    jest.setSystemTime(new Date('2026-12-03T10:01:31Z'));
    const later = fakeWindow(storage);
    expect(later.scriptGone()).toBe(true);
    expect(later.win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload where the session storage is refused', () => {
    const { win, scriptGone } = fakeWindow({
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    });
    expect(scriptGone()).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
