/**
 * Loads a spec settles by hand, counting how often the code under test asked: `load` is
 * what the code calls, `settle(value)` and `fail()` answer the oldest waiting call.
 */
export function manualLoads<T>() {
  const pending: Array<{ resolve: (value: T) => void; reject: (e: Error) => void }> = [];
  let count = 0;
  const load = () => {
    count++;
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return {
    load,
    settle: (value: T) => pending.shift()!.resolve(value),
    fail: (e = new Error('the load failed')) => pending.shift()!.reject(e),
    get count() {
      return count;
    },
  };
}
