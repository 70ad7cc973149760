import { createHash } from 'node:crypto';

/**
 * The inline script at the end of a server-rendered storefront page: it loads the page's
 * scripts (`data-modules`: the entry first, then the chunks it imports, imports first) once
 * the page's first paint is on the screen (the browser's `first-contentful-paint` entry:
 * a frame after the first layout can reach the screen tens of milliseconds later, and a
 * script fetched before then competes with it) and its high-priority images (the product
 * photo) have arrived, or after 3 s at most. The markup is already there, so the scripts
 * only make it interactive, and on a slow phone network they no longer compete with the
 * first paint and the main image for bandwidth (issues #12, #40). Classic, not a module:
 * `document.currentScript` is set only for classic scripts.
 *
 * Every chunk is fetched at once (modulepreload), then run as a module script of its own,
 * one after the other, the entry (which takes the page over) last: each chunk is evaluated
 * in a task of its own, between which a budget phone can answer a tap, instead of the whole
 * graph in one long task (issue #40). A chunk evaluated already is not evaluated again.
 *
 * When the entry cannot run because it or a chunk it imports could not be fetched (a phone's
 * connection dropped), the page stays as the server drew it but no longer inert: its links
 * and text work as plain HTML, and a link followed loads the next page afresh, scripts and
 * all, instead of a page that ignores every tap.
 */
export const PAGE_BOOT_SCRIPT = `(function () {
  var modules = document.currentScript.getAttribute('data-modules').split(' ');
  var started = false;
  function usable() {
    var root = document.getElementById('root');
    if (root) root.removeAttribute('inert');
  }
  function start() {
    if (started) return;
    started = true;
    for (var i = 1; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var order = modules.slice(1).concat(modules[0]);
    var next = 0;
    function run() {
      var script = document.createElement('script');
      script.type = 'module';
      script.src = order[next];
      next++;
      if (next < order.length) {
        script.addEventListener('load', run);
        script.addEventListener('error', run);
      } else {
        script.addEventListener('error', usable);
      }
      document.head.appendChild(script);
    }
    run();
  }
  var images = Array.prototype.filter.call(document.querySelectorAll('img[fetchpriority=high]'), function (img) { return !img.complete; });
  var waits = images.map(function (img) {
    return new Promise(function (done) { img.addEventListener('load', done); img.addEventListener('error', done); });
  });
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    waits.push(new Promise(function (done) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length) {
          observer.disconnect();
          done();
        }
      }).observe({ type: 'paint', buffered: true });
    }));
  }
  Promise.all(waits).then(function () {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  });
  setTimeout(start, 3000);
})();`;

/** The Content-Security-Policy source that allows exactly {@link PAGE_BOOT_SCRIPT} inline. */
export const PAGE_BOOT_CSP_SOURCE = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;
