import { runInNewContext } from 'node:vm';
import { PAGE_BOOT_SCRIPT } from './page-boot.js';

/** What the boot script did to the page's head, task by task. */
interface Boot {
  /** Each task's appended elements, as `preload <href>` or `script <src>`. */
  tasks: string[][];
  /** Fires the `load` of the module script appended last. */
  loadLastScript(): void;
  /** Fires the `error` of the module script appended last (it, or a module it imports, could not be fetched). */
  failLastScript(): void;
  /** Whether `#root` is still inert. */
  inert(): boolean;
  /** Runs the timers and animation frames queued so far, each as a task of its own. */
  runTasks(): void;
}

/**
 * Runs {@link PAGE_BOOT_SCRIPT} in a context of its own with the few DOM calls it makes
 * recorded: no high-priority picture, a browser without paint entries (so it starts after
 * its animation frame), and timers run one task at a time by the test.
 */
function boot(modules: string[]): Boot {
  const tasks: string[][] = [[]];
  const queue: (() => void)[] = [];
  const scripts: { listeners: Map<string, () => void> }[] = [];
  const root = { inert: true, removeAttribute: (name: string) => name === 'inert' && (root.inert = false) };
  const element = (tag: string) => {
    const listeners = new Map<string, () => void>();
    const el = { tag, rel: '', href: '', src: '', type: '', listeners, addEventListener: (name: string, fn: () => void) => listeners.set(name, fn) };
    if (tag === 'script') scripts.push(el);
    return el;
  };
  const document = {
    currentScript: { getAttribute: (name: string) => (name === 'data-modules' ? modules.join(' ') : null) },
    querySelectorAll: () => [],
    getElementById: (id: string) => (id === 'root' ? root : null),
    createElement: element,
    head: {
      appendChild: (el: ReturnType<typeof element>) => tasks[tasks.length - 1]!.push(el.tag === 'link' ? `${el.rel} ${el.href}` : `${el.tag} ${el.src}`),
    },
  };
  let fallbackTimer = true;
  const context = {
    document,
    window: {},
    Promise,
    setTimeout: (fn: () => void, ms: number) => {
      // The 3 s fallback is the last timer the script sets up; it is not run here.
      if (ms === 3000 && fallbackTimer) fallbackTimer = false;
      else queue.push(fn);
    },
    requestAnimationFrame: (fn: () => void) => queue.push(fn),
  };
  runInNewContext(PAGE_BOOT_SCRIPT, context);
  return {
    tasks,
    loadLastScript: () => {
      tasks.push([]);
      scripts[scripts.length - 1]!.listeners.get('load')!();
    },
    failLastScript: () => {
      tasks.push([]);
      scripts[scripts.length - 1]!.listeners.get('error')?.();
    },
    inert: () => root.inert,
    runTasks: () => {
      while (queue.length) {
        tasks.push([]);
        queue.shift()!();
      }
    },
  };
}

describe('PAGE_BOOT_SCRIPT', () => {
  const modules = ['/assets/index-A.js', '/assets/react-B.js', '/assets/vendor-C.js', '/assets/header-D.js', '/assets/product-E.js', '/assets/text-F.js'];

  it('asks for nothing before the first paint', async () => {
    const page = boot(modules);
    await Promise.resolve();
    expect(page.tasks.flat()).toEqual([]);
  });

  it('preloads every chunk, then runs them one after the other in tasks of their own, the entry last', async () => {
    const page = boot(modules);
    // The script waits for its promises, then an animation frame, then a timer.
    await new Promise((done) => setImmediate(done));
    page.runTasks();
    const started = page.tasks.filter((task) => task.length);
    expect(started).toEqual([[...modules.slice(1).map((m) => `modulepreload ${m}`), 'script /assets/react-B.js']]);
    for (let i = 0; i < modules.length - 1; i++) page.loadLastScript();
    expect(page.tasks.slice(-(modules.length - 1)).map((task) => task.join())).toEqual([...modules.slice(2), modules[0]].map((m) => `script ${m}`));
  });

  it('goes on past a chunk that could not be fetched, and leaves the page inert for the entry to take over', async () => {
    const page = boot(modules);
    await new Promise((done) => setImmediate(done));
    page.runTasks();
    page.failLastScript();
    expect(page.tasks.at(-1)).toEqual(['script /assets/vendor-C.js']);
    for (let i = 0; i < modules.length - 2; i++) page.loadLastScript();
    expect(page.tasks.at(-1)).toEqual([`script ${modules[0]}`]);
    expect(page.inert()).toBe(true);
  });

  it('makes the page usable as the server drew it when the entry cannot run', async () => {
    const page = boot(modules);
    await new Promise((done) => setImmediate(done));
    page.runTasks();
    for (let i = 0; i < modules.length - 1; i++) page.loadLastScript();
    expect(page.inert()).toBe(true);
    page.failLastScript();
    expect(page.inert()).toBe(false);
  });

  it('has no chunk to preload on a page of one module', async () => {
    const page = boot(['/assets/index-A.js']);
    await new Promise((done) => setImmediate(done));
    page.runTasks();
    expect(page.tasks.flat()).toEqual(['script /assets/index-A.js']);
  });
});
