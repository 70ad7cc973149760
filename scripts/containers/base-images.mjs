#!/usr/bin/env node
/**
 * `npm run images:base`: the base images this repo builds itself where no image registry is
 * reachable, named in deploy/local-images.json (docs/containers.md, ADR 036):
 *
 * - jalaj-local/debian:bookworm — `debootstrap --variant=minbase` from Debian's package
 *   mirror, trimmed as Debian's slim images are (no docs, man pages, locales, apt caches),
 *   imported;
 * - jalaj-local/node:24 — FROM that: ca-certificates, Node and npm from the npm registry's
 *   tarballs (integrity-checked), a `node` user 1000:1000 (scripts/containers/node.Dockerfile).
 *
 * Each image carries the hash of its recipe (label org.jalaj.recipe) and is skipped when an
 * image with that hash exists; `--force` rebuilds both. Needs root (debootstrap) and a
 * Docker engine (scripts/containers/engine.sh is run when none answers).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { dropReplaced, ensureBuilt, ensureEngine, imageSizeMb, inspectImage, localImages, recipeHash, recipeOf, RECIPE_LABEL, ROOT, runLogged, secondsSince, WORK_DIR } from './lib/docker.mjs';

const log = (msg) => console.log(`images:base: ${msg}`);

/** What Debian's slim images leave out, kept out of later installs too (dpkg path-exclude). */
const SLIM_DPKG_CONFIG = `# Written by scripts/containers/base-images.mjs: as in Debian's slim images.
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
`;

/**
 * apt keeps no package caches in the image, as in Debian's official images: the binary
 * caches (about 75 MB after an `apt-get update`) are not written, downloaded packages go.
 */
const APT_CLEAN_CONFIG = `// Written by scripts/containers/base-images.mjs: as in Debian's official images.
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
`;

const NODE_DOCKERFILE = path.join(ROOT, 'scripts', 'containers', 'node.Dockerfile');

function requireRoot(what) {
  if (process.getuid?.() !== 0) throw new Error(`${what} needs root (debootstrap makes a root file system): run this as root, e.g. sudo npm run images:base`);
}

/** debootstrap, installed from Debian's packages when missing (root with apt-get). */
function ensureDebootstrap() {
  if (spawnSync('debootstrap', ['--version'], { stdio: 'ignore' }).status === 0) return;
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0) throw new Error('debootstrap is missing and there is no apt-get to install it with');
  log('debootstrap is missing: installing it');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'debootstrap']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

/** The Debian base: recipe, and a build that runs only when no image has this recipe. */
export async function ensureDebian({ force = false } = {}) {
  const { debian } = localImages();
  const args = ['--variant', debian.variant, '--components=main', debian.suite];
  // A mirror of your own (DEBIAN_MIRROR) changes where packages come from, not the recipe.
  const recipe = recipeHash('debian', debian, args, SLIM_DPKG_CONFIG, APT_CLEAN_CONFIG);
  if (!force && recipeOf(debian.image) === recipe) {
    log(`${debian.image} is up to date (recipe ${recipe.slice(0, 12)})`);
    return { image: debian.image, recipe, built: false };
  }
  requireRoot(`building ${debian.image}`);
  ensureDebootstrap();
  const replaced = inspectImage(debian.image)?.Id;
  const start = performance.now();
  const logFile = path.join(WORK_DIR, 'logs', 'debian.log');
  // Not under /tmp, which may be a small tmpfs; the tree is about 150 MB.
  mkdirSync('/var/tmp', { recursive: true });
  const dir = mkdtempSync('/var/tmp/jalaj-debootstrap-');
  try {
    log(`debootstrap ${args.join(' ')} (log: ${path.relative(ROOT, logFile)})…`);
    await runLogged('debootstrap', [...args, dir, ...(process.env.DEBIAN_MIRROR ? [process.env.DEBIAN_MIRROR] : [])], { logFile });
    // Slim: the dpkg excludes for later installs, and the same paths removed now.
    writeFileSync(path.join(dir, 'etc', 'dpkg', 'dpkg.cfg.d', 'jalaj-slim'), SLIM_DPKG_CONFIG);
    writeFileSync(path.join(dir, 'etc', 'apt', 'apt.conf.d', 'jalaj-clean'), APT_CLEAN_CONFIG);
    const share = path.join(dir, 'usr', 'share');
    for (const sub of ['groff', 'info', 'linda', 'lintian', 'locale', 'man']) rmSync(path.join(share, sub), { recursive: true, force: true });
    spawnSync('find', [path.join(share, 'doc'), '-mindepth', '1', '!', '-type', 'd', '!', '-name', 'copyright', '-delete'], { stdio: 'inherit' });
    rmSync(path.join(dir, 'var', 'cache', 'apt', 'pkgcache.bin'), { force: true });
    rmSync(path.join(dir, 'var', 'cache', 'apt', 'srcpkgcache.bin'), { force: true });
    for (const sub of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      spawnSync('find', [path.join(dir, sub), '-mindepth', '1', '-maxdepth', '1', '!', '-name', 'partial', '!', '-name', 'lock', '-exec', 'rm', '-rf', '{}', '+'], { stdio: 'inherit' });
    }
    log(`importing ${debian.image}…`);
    // tar of the tree into `docker import`, as one pipeline that fails when either side does.
    const importArgs = ['import', '--change', `LABEL ${RECIPE_LABEL}=${recipe}`, '--change', 'CMD ["bash"]', '-', debian.image];
    await runLogged('bash', ['-o', 'pipefail', '-c', 'tar --numeric-owner -C "$0" -c . | docker "$@"', dir, ...importArgs], { logFile });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = secondsSince(start);
  dropReplaced(replaced, debian.image, log);
  log(`built ${debian.image} in ${seconds} s`);
  return { image: debian.image, recipe, built: true, seconds };
}

/** sha512 integrity (as npm writes it) of a file. */
const integrityOf = (file) => `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;

/**
 * A package tarball from the npm registry, through npm itself (its registry, proxy and cache
 * settings apply), kept in .data/images/downloads and checked against the pinned integrity.
 */
function npmTarball({ package: name, version, integrity }) {
  const dir = path.join(WORK_DIR, 'downloads');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`);
  if (!existsSync(file) || integrityOf(file) !== integrity) {
    log(`fetching ${name}@${version} from the npm registry…`);
    const r = spawnSync('npm', ['pack', `${name}@${version}`, '--pack-destination', dir, '--json', '--silent'], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm pack ${name}@${version} failed: ${(r.stderr || r.stdout).trim()}`);
  }
  const got = integrityOf(file);
  if (got !== integrity) throw new Error(`${name}@${version}: integrity ${got} is not the one pinned in deploy/local-images.json (${integrity})`);
  return file;
}

/** The Node base FROM the Debian base. */
export function ensureNode({ force = false, debianRecipe } = {}) {
  const { node, debian } = localImages();
  const dockerfile = readFileSync(NODE_DOCKERFILE, 'utf8');
  return ensureBuilt({
    image: node.image,
    recipe: recipeHash('node', node, dockerfile, debianRecipe),
    name: 'node',
    force,
    log,
    buildArgs: { BASE_IMAGE: debian.image, NODE_VERSION: node.node.version, NPM_VERSION: node.npm.version },
    fill: (context) => {
      copyFileSync(npmTarball(node.node), path.join(context, 'node.tgz'));
      copyFileSync(npmTarball(node.npm), path.join(context, 'npm.tgz'));
      copyFileSync(NODE_DOCKERFILE, path.join(context, 'Dockerfile'));
    },
  });
}

/** Both base images, each built only when its recipe changed (or `force`). */
export async function ensureBaseImages({ force = false } = {}) {
  mkdirSync(WORK_DIR, { recursive: true });
  const debian = await ensureDebian({ force });
  // A new Debian changes the Node image's recipe too, through debianRecipe.
  const node = await ensureNode({ force, debianRecipe: debian.recipe });
  return { debian, node };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureEngine(log);
    const { debian, node } = await ensureBaseImages({ force: process.argv.includes('--force') });
    for (const b of [debian, node]) log(`${b.image}: ${imageSizeMb(b.image)} MB${b.built ? `, built in ${b.seconds} s` : ', already built'}`);
  } catch (e) {
    console.error(`images:base: ${e.message}`);
    process.exit(1);
  }
}
