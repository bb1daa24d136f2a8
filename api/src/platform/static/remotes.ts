import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MODULES } from '@join/shared/contract';

/**
 * The remotes table (from the module registry): which step module is served from which folder, and the JSON the host
 * reads at run time to find them (name -> manifest URL). JOIN_REMOTES can point a name at
 * another origin without rebuilding the host; that origin is then allowed by the CSP.
 */
export const REMOTE_FOLDERS: Readonly<Record<string, string>> = Object.fromEntries(MODULES.map((m) => [m.name, m.folder]));

const RemoteName = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a lower-case remote name');
function isManifestUrl(u: string): boolean {
  if (u.startsWith('/')) return !u.startsWith('//'); // a path here, not a protocol-relative URL
  if (!URL.canParse(u)) return false;
  const url = new URL(u);
  // The origin goes into the CSP header verbatim: only plain host names may get there.
  return (url.protocol === 'https:' || url.protocol === 'http:') && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:]+\]$/i.test(url.hostname);
}
const ManifestUrl = z.string().refine(isManifestUrl, { message: 'must be a path on this origin (/...) or an http(s) URL' });
export const RemoteManifests = z.record(RemoteName, ManifestUrl);
export type RemoteManifests = z.infer<typeof RemoteManifests>;

export function localManifestUrl(name: string): string {
  return `/mfe/${name}/mf-manifest.json`;
}

/** Served remotes point at this origin; overrides replace or add entries. */
export function remoteManifests(servedNames: readonly string[], overrides: RemoteManifests = {}): RemoteManifests {
  return { ...Object.fromEntries(servedNames.map((n) => [n, localManifestUrl(n)])), ...overrides };
}

/** Distinct origins of the absolute manifest URLs, for the CSP. */
export function remoteOrigins(manifests: RemoteManifests): string[] {
  const origins = Object.values(manifests)
    .filter((u) => /^https?:\/\//.test(u))
    .map((u) => new URL(u).origin);
  return [...new Set(origins)].sort();
}

/** The file a host build writes when it carries step modules itself (tools/single-bundle.mjs). */
export const BUNDLED_STEPS_FILE = 'bundled-steps.json';

/**
 * The step modules a host build carries in its own bundle, as that build says
 * (<hostDir>/bundled-steps.json: the per-step benchmark's single bundle, issue 27): those are not
 * served as remotes, so the page names none of their files (no remotes list entry, manifest or
 * preload the host never uses). The product's own host has no such file: none.
 */
export function remotesBundledBy(hostDir: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(hostDir, BUNDLED_STEPS_FILE), 'utf8');
  } catch {
    return [];
  }
  return z.array(RemoteName).parse(JSON.parse(text));
}
