/**
 * The guarantees every image this repo builds must keep that need no services (the app
 * images of build-images.mjs and the backing images of backing-images.mjs): a non-root
 * numeric user, a HEALTHCHECK, no build-only npm packages and no build tools.
 */
import { docker, inspectImage } from './docker.mjs';

/** Packages that only build or test: none may be in an image's node_modules, at any depth. */
const BUILD_ONLY_PACKAGES = ['typescript', '@swc/core', '@swc/jest', 'jest', 'eslint', 'vite', 'nx', '@playwright/test', 'lighthouse', 'node'];
/** Programs that only build: none may be on an image's PATH. */
const BUILD_TOOLS = ['gcc', 'cc', 'g++', 'c++', 'clang', 'make', 'cmake', 'ld', 'python3', 'tsc', 'swc', 'node-gyp', 'patchelf'];

/**
 * What an image gets wrong of those guarantees; [] when nothing. `nodeModules`: the
 * image's node_modules folder, which must exist and hold no build-only package.
 *
 * @param {string} ref
 * @param {{ nodeModules?: string }} [o]
 */
export function staticProblems(ref, { nodeModules } = {}) {
  const problems = [];
  const info = inspectImage(ref);
  if (!info) return [`there is no image ${ref}`];
  const user = info.Config.User ?? '';
  if (!/^\d+(:\d+)?$/.test(user)) problems.push(`runs as ${user ? `"${user}"` : 'root (no USER)'}, not as a numeric user id (Kubernetes runAsNonRoot needs one)`);
  else if (Number(user.split(':')[0]) === 0) problems.push('runs as uid 0 (root)');
  const test = info.Config.Healthcheck?.Test;
  if (!test?.length || test[0] === 'NONE') problems.push('has no HEALTHCHECK');
  const packages = BUILD_ONLY_PACKAGES.map((p) => `-path '*/node_modules/${p}'`).join(' -o ');
  const script = [
    ...(nodeModules
      ? [
          `test -d ${nodeModules} || echo "no ${nodeModules}"`,
          `find ${nodeModules} -type d \\( ${packages} \\) -prune -print 2>/dev/null | sed 's|^|build-only package in the image: |'`,
        ]
      : []),
    `for tool in ${BUILD_TOOLS.join(' ')}; do found=$(command -v "$tool") && echo "build tool on the image's PATH: $found"; done`,
    'true',
  ].join('\n');
  // As the image's user, with no network and a read-only root, as it runs.
  const out = docker(['run', '--rm', '--network', 'none', '--read-only', '--cap-drop', 'ALL', '--entrypoint', '/bin/sh', ref, '-c', script]);
  problems.push(...out.split('\n').filter(Boolean));
  return problems;
}
