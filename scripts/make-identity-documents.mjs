#!/usr/bin/env node
// Draws the synthetic identity documents and camera feeds of e2e/fixtures/identity from the
// identity authority sandbox's registry (sandboxes/src/authority/registry.json): ICAO TD3
// passport data pages, Emirates ID cards (TD1, front and back), selfies, and MJPEG files for
// Chromium's --use-file-for-fake-video-capture.
//
//   node scripts/make-identity-documents.mjs [--debs /tmp/debs] [--out e2e/fixtures/identity]
//
// The faces and the OCR-B font come from three Debian packages (public domain; see the README
// written next to the fixtures). --debs is a folder holding python-matplotlib-data,
// python3-skimage and fonts-ocr-b .deb files (apt-get download them); they are unpacked with
// dpkg-deb into a temporary folder. The output is deterministic: the same inputs give the same
// bytes (no clock, no randomness but a seeded generator).
//
// This file reads the inputs and writes the files; the drawing is in identity-documents/: mrz.mjs
// (ICAO 9303 lines), documents.mjs (passport pages, Emirates ID cards), camera.mjs (selfies and
// documents held up in a camera frame), canvas.mjs (@napi-rs/canvas and a seeded generator).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cameraPainter } from './identity-documents/camera.mjs';
import { canvas, GlobalFonts, loadImage, root } from './identity-documents/canvas.mjs';
import { documentPainter } from './identity-documents/documents.mjs';

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const debsDir = resolve(arg('--debs', '/tmp/debs'));
const outDir = resolve(root, arg('--out', 'e2e/fixtures/identity'));
const registry = JSON.parse(readFileSync(join(root, 'sandboxes/src/authority/registry.json'), 'utf8'));

// ---------- inputs from the Debian packages ----------
const unpacked = mkdtempSync(join(tmpdir(), 'identity-debs-'));
const SOURCES = {
  hopper: { deb: 'python-matplotlib-data', file: 'usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg' },
  collins: { deb: 'python3-skimage', file: 'usr/lib/python3/dist-packages/skimage/data/astronaut.png' },
  font: { deb: 'fonts-ocr-b', file: 'usr/share/fonts/opentype/ocr-b/OCRB.otf' },
};
for (const { deb } of Object.values(SOURCES)) {
  const file = readdirSync(debsDir).find((f) => f.startsWith(`${deb}_`) && f.endsWith('.deb'));
  if (!file) throw new Error(`${deb}_*.deb not found in ${debsDir} (apt-get download ${deb})`);
  execFileSync('dpkg-deb', ['-x', join(debsDir, file), unpacked]);
}
const path = (key) => join(unpacked, SOURCES[key].file);
GlobalFonts.registerFromPath(path('font'), 'OCRB');
/** Each face's source photo and where the face sits in it (x, y, size of the face box; measured once). */
const photos = {
  hopper: { img: await loadImage(readFileSync(path('hopper'))), box: { x: 119, y: 89, s: 284 } },
  collins: { img: await loadImage(readFileSync(path('collins'))), box: { x: 152, y: 49, s: 145 } },
};
rmSync(unpacked, { recursive: true, force: true });

const { drawPortrait, passportPage, eidFront, eidBack } = documentPainter(photos);
const { selfie, frame, heldDocument, twoFaces } = cameraPainter(photos);
const jpeg = (c, quality) => c.encodeSync('jpeg', quality);

// ---------- write everything ----------
// Everything but the hand-written README is regenerated.
mkdirSync(outDir, { recursive: true });
for (const f of readdirSync(outDir)) if (f !== 'README.md') rmSync(join(outDir, f), { recursive: true, force: true });
const written = [];
const write = (name, bytes) => {
  writeFileSync(join(outDir, name), bytes);
  written.push([name, bytes.length]);
};
const mjpeg = (name, frames) => write(name, Buffer.concat(frames));

const DOC_Q = 76;
const drawn = new Map();
for (const kase of registry.cases) {
  const doc = kase.document;
  if (doc.same_as) continue;
  if (doc.kind === 'passport') {
    const page = passportPage(doc);
    drawn.set(kase.id, { page });
    write(doc.fixture, jpeg(page, DOC_Q));
  } else {
    const front = eidFront(doc);
    const back = eidBack(doc);
    drawn.set(kase.id, { front, back });
    write(`${doc.fixture}-front.jpg`, jpeg(front, DOC_Q));
    write(`${doc.fixture}-back.jpg`, jpeg(back, DOC_Q));
  }
}

// The answers of the read itself, with no registry behind them.
const visitor = registry.cases.find((k) => k.id === 'visitor').document;
write('passport-bad-check-digit.jpg', jpeg(passportPage(visitor, { breakCheck: true }), DOC_Q)); // -608
write('visa-page.jpg', jpeg(passportPage({ ...visitor, number: 'V20240017' }, { code: 'V<' }), DOC_Q)); // -646
write('passport-no-photo.jpg', jpeg(passportPage(visitor, { noPhoto: true }), DOC_Q)); // -643 on compare
// -642: a GIF named .jpg (a 1x1 transparent GIF, byte for byte).
write('not-a-jpeg.jpg', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));

// Selfies (stills for uploads and the API tests).
const SELFIE_Q = 78;
write('selfie-hopper.jpg', jpeg(frame((ctx) => selfie(ctx, 'hopper', 320, 230, 210)), SELFIE_Q));
write('selfie-collins.jpg', jpeg(frame((ctx) => selfie(ctx, 'collins', 320, 230, 200)), SELFIE_Q));
write('selfie-two-faces.jpg', jpeg(twoFaces(), SELFIE_Q));
write('empty-scene.jpg', jpeg(frame(() => {}), SELFIE_Q));

// The authority's reference portraits (the photo it holds of each person): the source photograph
// itself, straight and in colour, 420 x 540 around the face, as the registry's persons name them.
for (const face of Object.keys(photos)) {
  const { c, ctx } = canvas(420, 540);
  drawPortrait(ctx, face, 0, 0, 420, 540);
  write(`reference-${face}.jpg`, jpeg(c, 85));
}

// Camera feeds (MJPEG: JPEG frames one after the other; Chromium loops them).
const FEED_Q = 72;
const held = (page, n) => Array.from({ length: n }, (_, i) => jpeg(heldDocument(page, i, n), FEED_Q));
mjpeg('camera-passport.mjpeg', held(drawn.get('visitor').page, 8));
mjpeg('camera-eid-front.mjpeg', held(drawn.get('resident').front, 8));
mjpeg('camera-eid-back.mjpeg', held(drawn.get('resident').back, 8));
// The face comes closer and goes back (one cosine period) while it sways from side to side
// (one sine period), 48 frames: whichever prompt the face challenge gives (closer, farther, to
// the left, to the right), the feed does it within a loop, and it is centred and well placed in
// between (the scan's positioning).
const live = (face, n = 48) =>
  Array.from({ length: n }, (_, i) => {
    const faceWidth = Math.round(150 + 90 * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n)));
    const x = Math.round(320 + 85 * Math.sin((2 * Math.PI * i) / n));
    return jpeg(frame((ctx) => selfie(ctx, face, x, 235, faceWidth)), FEED_Q - 17);
  });
mjpeg('camera-selfie-hopper.mjpeg', live('hopper'));
mjpeg('camera-selfie-collins.mjpeg', live('collins'));
mjpeg('camera-two-faces.mjpeg', [jpeg(twoFaces(), FEED_Q)]);
mjpeg('camera-empty.mjpeg', [jpeg(frame(() => {}), FEED_Q)]);

const total = written.reduce((a, [, n]) => a + n, 0);
for (const [name, n] of written) console.log(`${String(Math.round(n / 1024)).padStart(5)} KB  ${name}`);
console.log(`${written.length} files, ${(total / 1024 / 1024).toFixed(2)} MB in ${outDir}`);
if (!existsSync(join(outDir, 'README.md'))) console.log('(the README beside them is written by hand)');
