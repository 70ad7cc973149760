import { createHash } from 'node:crypto';

/**
 * The inline script at the end of a server-rendered storefront page: it loads the page's
 * scripts (`data-modules`: the entry first, then what to preload) once the page has painted
 * and its high-priority images (the product photo) have arrived, or after 3 s at most. The
 * markup is already there, so the scripts only make it interactive, and on a slow phone
 * network they no longer compete with the first paint and the main image for bandwidth
 * (issue #12). Classic, not a module: `document.currentScript` is set only for classic scripts.
 */
export const PAGE_BOOT_SCRIPT = `(function () {
  var modules = document.currentScript.getAttribute('data-modules').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 1; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = modules[0];
    document.head.appendChild(entry);
  }
  var images = Array.prototype.filter.call(document.querySelectorAll('img[fetchpriority=high]'), function (img) { return !img.complete; });
  Promise.all(images.map(function (img) {
    return new Promise(function (done) { img.addEventListener('load', done); img.addEventListener('error', done); });
  })).then(function () {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  });
  setTimeout(start, 3000);
})();`;

/** The Content-Security-Policy source that allows exactly {@link PAGE_BOOT_SCRIPT} inline. */
export const PAGE_BOOT_CSP_SOURCE = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;
