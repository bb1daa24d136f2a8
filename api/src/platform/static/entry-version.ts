import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A remote's remoteEntry.js keeps its name across builds (the runtime finds it by name), so it is
 * served `no-cache`: every step change re-asked the server for it, one round trip on a phone
 * (the per-step benchmark's largest federated extra, issue 27). The manifests the page carries
 * name it with its content's version instead (`remoteEntry.js?v=<hash>`), and that address is
 * immutable: the next step's prefetch is then the download, and the step change asks nothing.
 * A page is never stored, so a new build's page names the new version at once. The version is
 * read again when the file changes (its size or time), never per request otherwise.
 */
const known = new Map<string, { stamp: string; version: string }>();

export function entryVersion(file: string): string | null {
  let stamp: string;
  try {
    const s = statSync(file);
    stamp = `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
  const cached = known.get(file);
  if (cached?.stamp === stamp) return cached.version;
  const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
  known.set(file, { stamp, version });
  return version;
}

/** The manifest (mf-manifest.json of the remote built in `dir`) with its remoteEntry named by version. */
export function withEntryVersion(manifest: unknown, dir: string): unknown {
  const entry = (manifest as { metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } } | null)?.metaData?.remoteEntry;
  if (!entry || typeof entry.name !== 'string' || entry.name.includes('?')) return manifest;
  const version = entryVersion(join(dir, typeof entry.path === 'string' ? entry.path : '', entry.name));
  if (!version) return manifest;
  const m = manifest as { metaData: { remoteEntry: object } };
  return { ...m, metaData: { ...m.metaData, remoteEntry: { ...m.metaData.remoteEntry, name: `${entry.name}?v=${version}` } } };
}

/**
 * Is `url` the address of `file` (a remote's remoteEntry.js, or the .br or .gz beside it that a
 * browser is sent instead: tools/precompress.mjs) at its current version?
 */
export function isCurrentEntry(url: string | undefined, file: string): boolean {
  const q = url?.indexOf('?') ?? -1;
  const plain = file.replace(/\.(br|gz)$/, '');
  if (!url || q < 0 || !plain.endsWith('remoteEntry.js')) return false;
  const v = new URLSearchParams(url.slice(q + 1)).get('v');
  return v !== null && v === entryVersion(plain);
}
