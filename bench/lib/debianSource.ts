// Upstream source trees from Debian: `apt-get source --download-only` fetches a source package's `.orig` tarball
// (the upstream release, in any language) from the Debian archive, which this machine and CI can reach. apt runs
// with a private sources list, state and cache under .cache/debian-sources, so the system's apt setup (which
// has no deb-src lines) is neither needed nor changed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const STORE = resolve('.cache', 'debian-sources');
const SUITE = 'bookworm';

/**
 * The apt options that point apt at a private list (`deb-src` for source packages, `deb` for built ones), state
 * and cache.
 */
function aptOptions(type: 'deb-src' | 'deb' = 'deb-src'): string[] {
  const suffix = type === 'deb' ? '-binary' : '';
  const parts = join(STORE, `sources${suffix}.list.d`);
  if (!existsSync(parts)) {
    mkdirSync(parts, { recursive: true });
    writeFileSync(
      join(parts, `debian${type === 'deb' ? '' : '-src'}.sources`),
      `Types: ${type}\nURIs: http://deb.debian.org/debian\nSuites: ${SUITE}\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
    );
  }
  for (const dir of [`lists${suffix}/partial`, 'cache/archives/partial']) mkdirSync(join(STORE, dir), { recursive: true });
  return [
    '-o', 'Dir::Etc::sourcelist=/dev/null',
    '-o', `Dir::Etc::sourceparts=${parts}`,
    '-o', `Dir::State::lists=${join(STORE, `lists${suffix}`)}`,
    '-o', `Dir::Cache=${join(STORE, 'cache')}`,
    // apt drops root to _apt for downloads; the private folders are root's, so stay root.
    '-o', 'APT::Sandbox::User=root',
  ];
}

/** The upstream tarball's name for `name` at Debian `version` (epoch and Debian revision dropped). */
function origTarball(name: string, version: string): string | undefined {
  const upstream = version.replace(/^\d+:/, '').replace(/-[^-]+$/, '');
  return readdirSync(STORE).find((file) => file.startsWith(`${name}_${upstream}.orig.tar.`));
}

/** Downloads the source package once (`version` pinned); returns the path of its upstream tarball. */
export function fetchDebianSource(name: string, version: string): string {
  mkdirSync(STORE, { recursive: true });
  let tarball = origTarball(name, version);
  if (tarball) return join(STORE, tarball);
  const options = aptOptions();
  try {
    if (!existsSync(join(STORE, 'lists', `deb.debian.org_debian_dists_${SUITE}_main_source_Sources`))) {
      execFileSync('apt-get', [...options, 'update'], { stdio: ['ignore', 'ignore', 'inherit'] });
    }
    execFileSync('apt-get', [...options, 'source', '--download-only', `${name}=${version}`], { cwd: STORE, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    // Only the upstream tarball is used: a packaging file the mirror lacks (a 404 for `.debian.tar.xz`) fails apt
    // after the `.orig` tarball is already in.
    const fetched = origTarball(name, version);
    if (fetched) return join(STORE, fetched);
    throw new Error(`could not fetch the Debian source ${name}=${version} (is deb.debian.org reachable?): ${(error as Error).message}`);
  }
  tarball = origTarball(name, version);
  if (!tarball) throw new Error(`the Debian source ${name}=${version} has no upstream (.orig) tarball`);
  return join(STORE, tarball);
}

/** The upstream tree of `name` at `version`, unpacked into a fresh folder under `into`; returns its root. */
export function unpackDebianSource(name: string, version: string, into: string): string {
  const tarball = fetchDebianSource(name, version);
  const out = mkdtempSync(join(into, `${name}-`));
  // Every upstream tarball holds one top folder (its name varies: `jq-1.6`, `regex-1.7.1`), dropped here.
  execFileSync('tar', ['-xf', tarball, '-C', out, '--strip-components=1']);
  return out;
}

/** Downloads a built package once (`version` pinned, `arch` as its file name spells it); returns the `.deb`'s path. */
function fetchDebianPackage(name: string, version: string, arch: 'all' | 'amd64'): string {
  const store = join(STORE, 'binary');
  mkdirSync(store, { recursive: true });
  // apt names the file with the version's epoch URL-encoded (`python3-django_3%3a3.2.25…`).
  const file = join(store, `${name}_${version.replace(':', '%3a')}_${arch}.deb`);
  if (existsSync(file)) return file;
  const options = aptOptions('deb');
  try {
    if (!readdirSync(join(STORE, 'lists-binary')).some((list) => list.endsWith('_Packages') || list.endsWith('_Packages.lz4'))) {
      execFileSync('apt-get', [...options, 'update'], { stdio: ['ignore', 'ignore', 'inherit'] });
    }
    execFileSync('apt-get', [...options, 'download', `${name}=${version}`], { cwd: store, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    throw new Error(`could not fetch the Debian package ${name}=${version} (is deb.debian.org reachable?): ${(error as Error).message}`);
  }
  return file;
}

/**
 * A pure-Python project as Debian installs it (`python3-werkzeug`, pinned): the package folders under its
 * dist-packages, unpacked into a fresh folder under `into`; returns that folder. For projects whose upstream
 * tarball the mirror does not serve: the installed package is the project's own source, less its tests and
 * build files. Its install metadata (`*.egg-info`, which lists every file's path) is dropped, as no repository
 * holds it.
 */
export function unpackDebianPythonPackage(name: string, version: string, into: string): string {
  const out = mkdtempSync(join(into, `${name}-`));
  execFileSync('dpkg-deb', ['-x', fetchDebianPackage(name, version, 'all'), out]);
  const tree = join(out, 'usr', 'lib', 'python3', 'dist-packages');
  for (const entry of readdirSync(tree)) {
    if (/\.(?:egg|dist)-info$/.test(entry)) rmSync(join(tree, entry), { recursive: true, force: true });
  }
  return tree;
}

/**
 * A Rust crate as Debian installs it (`librust-tokio-dev`, pinned): the crate as crates.io publishes it (its
 * `src`, `tests`, manifest and docs), unpacked into a fresh folder under `into`; returns the crate's folder. For
 * crates whose upstream tarball the mirror does not serve. Debian's own files (its `debian` folder, cargo's
 * checksum list of every file, the VCS stamp) are dropped, as no repository holds them.
 */
export function unpackDebianRustCrate(name: string, version: string, into: string): string {
  const out = mkdtempSync(join(into, `${name}-`));
  execFileSync('dpkg-deb', ['-x', fetchDebianPackage(name, version, 'amd64'), out]);
  const registry = join(out, 'usr', 'share', 'cargo', 'registry');
  const [crate] = readdirSync(registry);
  if (!crate) throw new Error(`the Debian package ${name}=${version} holds no crate`);
  const tree = join(registry, crate);
  for (const entry of ['debian', '.cargo-checksum.json', '.cargo_vcs_info.json']) {
    rmSync(join(tree, entry), { recursive: true, force: true });
  }
  return tree;
}
