import { loadImage } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FaceEngine, FoundFace } from './faces';
import { REGISTRY, type Registry } from './registry';

/**
 * The authority's own reference portraits: the photo it holds of each person, as the
 * government service holds the photo of every passport and Emirates ID it knows, with which it
 * compares every selfie (not only with the portrait printed on the document, which a forger
 * can replace). A registry person's `face` names the portrait: reference-<face>.jpg, drawn by
 * scripts/make-identity-documents.mjs beside the other synthetic fixtures (e2e/fixtures/identity).
 */
export type ReferencePortraits = ReadonlyMap<string, FoundFace>;

export const portraitFile = (face: string): string => `reference-${face}.jpg`;

/** e2e/fixtures/identity, found from this file upwards (sandboxes/src/authority from source, sandboxes/dist built). */
export function defaultPortraitsDir(from = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const candidate = join(dir, 'e2e', 'fixtures', 'identity');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('identity authority sandbox: e2e/fixtures/identity (its reference portraits) not found');
    dir = parent;
  }
}

/**
 * Every portrait the registry's persons name, described once at start. A portrait file missing,
 * or without exactly one face, stops the start: an authority that silently compares with
 * nothing would verify anybody.
 */
export async function loadReferencePortraits(faces: FaceEngine, dir: string, registry: Registry = REGISTRY): Promise<ReferencePortraits> {
  const names = [...new Set(registry.persons.map((p) => p.face))];
  const portraits = new Map<string, FoundFace>();
  for (const name of names) {
    const found = await faces.find(await loadImage(await readFile(join(dir, portraitFile(name)))));
    if (found.length !== 1 || !found[0]) throw new Error(`identity authority sandbox: ${portraitFile(name)} must show exactly one face (found ${found.length})`);
    portraits.set(name, found[0]);
  }
  return portraits;
}
