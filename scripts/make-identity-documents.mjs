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
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// @napi-rs/canvas is a devDependency of @join/e2e, the package that uses the fixtures.
const require = createRequire(join(root, 'e2e', 'package.json'));
const { createCanvas, loadImage, GlobalFonts } = require('@napi-rs/canvas');

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
const faces = { hopper: await loadImage(readFileSync(path('hopper'))), collins: await loadImage(readFileSync(path('collins'))) };
rmSync(unpacked, { recursive: true, force: true });

/** Where each face sits in its source photo (x, y, size of the face box; measured once). */
const FACE_BOX = { hopper: { x: 119, y: 89, s: 284 }, collins: { x: 152, y: 49, s: 145 } };

// ---------- a seeded generator (mulberry32) ----------
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- MRZ (ICAO 9303) ----------
const WEIGHTS = [7, 3, 1];
function charValue(c) {
  if (c === '<') return 0;
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  return c.charCodeAt(0) - 55;
}
function checkDigit(s) {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += charValue(s[i]) * WEIGHTS[i % 3];
  return String(sum % 10);
}
const pad = (s, n) => (s + '<'.repeat(n)).slice(0, n);
const mrzText = (s) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
const yymmdd = (iso) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const nameField = (doc, n) => pad(`${mrzText(doc.surname)}<<${mrzText(doc.given_names)}`, n);

function td3(doc, { code = 'P<', breakCheck = false } = {}) {
  const line1 = pad(`${code}${doc.issuing_country}${nameField(doc, 39)}`, 44);
  const number = pad(doc.number, 9);
  const numberCheck = checkDigit(number);
  const personal = pad('', 14);
  const birth = yymmdd(doc.birth_date);
  const expiry = yymmdd(doc.expiry_date);
  const composite = checkDigit(number + numberCheck + birth + checkDigit(birth) + expiry + checkDigit(expiry) + personal + checkDigit(personal));
  // A broken birth date check digit (a date has no look-alike letters for a reader to try instead).
  const birthCheck = breakCheck ? String((Number(checkDigit(birth)) + 3) % 10) : checkDigit(birth);
  const line2 = `${number}${numberCheck}${doc.nationality}${birth}${birthCheck}${doc.sex}${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}${composite}`;
  return [line1, line2];
}

function td1(doc) {
  const number = pad(doc.number, 9);
  const optional1 = pad(doc.id_number, 15);
  const line1 = `ID${doc.issuing_country}${number}${checkDigit(number)}${optional1}`;
  const birth = yymmdd(doc.birth_date);
  const expiry = yymmdd(doc.expiry_date);
  const optional2 = pad('', 11);
  const composite = checkDigit(line1.slice(5, 30) + birth + checkDigit(birth) + expiry + checkDigit(expiry) + optional2);
  const line2 = `${birth}${checkDigit(birth)}${doc.sex}${expiry}${checkDigit(expiry)}${doc.nationality}${optional2}${composite}`;
  return [line1, line2, nameField(doc, 30)];
}

// ---------- drawing ----------
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const printed = (iso) => `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const maskedId = (id) => `${id.slice(0, 3)}-${id.slice(3, 7)}-${id.slice(7, 14)}-${id.slice(14)}`;

/** A guilloche-like background: a few sine curves, light enough that the MRZ stays clean. */
function background(ctx, w, h, tint, seed) {
  const r = rng(seed);
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, tint[0]);
  g.addColorStop(1, tint[1]);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = 'rgba(120,140,170,0.18)';
  ctx.lineWidth = 1;
  for (let k = 0; k < 9; k++) {
    const amp = 10 + r() * 30;
    const freq = 0.01 + r() * 0.02;
    const y0 = (h * (k + 0.5)) / 9;
    ctx.beginPath();
    for (let x = 0; x <= w; x += 6) ctx.lineTo(x, y0 + amp * Math.sin(x * freq + k));
    ctx.stroke();
  }
}

/** The face photo cropped to a portrait (3:4) around the face; scale < 1 shows more shoulders. */
function drawPortrait(ctx, face, x, y, w, h, { mirror = false, grey = false } = {}) {
  const img = faces[face];
  const box = FACE_BOX[face];
  const cw = box.s * 1.7;
  const ch = (cw * h) / w;
  const cx = box.x + box.s / 2 - cw / 2;
  const cy = Math.max(0, box.y + box.s * 0.45 - ch * 0.42);
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.fillStyle = '#dfe6ee';
  ctx.fillRect(x, y, w, h);
  if (grey) ctx.filter = 'grayscale(1)';
  if (mirror) {
    ctx.translate(x + w, y);
    ctx.scale(-1, 1);
    ctx.drawImage(img, cx, cy, cw, ch, 0, 0, w, h);
  } else {
    ctx.drawImage(img, cx, cy, cw, ch, x, y, w, h);
  }
  ctx.restore();
}

function label(ctx, text, value, x, y, size = 20) {
  ctx.fillStyle = '#46566e';
  ctx.font = `13px OCRB`;
  ctx.fillText(text, x, y);
  ctx.fillStyle = '#111';
  ctx.font = `${size}px OCRB`;
  ctx.fillText(value, x, y + size + 2);
}

/** MRZ lines in OCR-B, the font size chosen so the longest line is `width` pixels wide. */
function mrzLines(ctx, lines, x, yTop, width, lineGap) {
  ctx.fillStyle = '#000';
  ctx.font = '100px OCRB';
  const size = Math.floor((100 * width) / ctx.measureText(lines[0]).width);
  ctx.font = `${size}px OCRB`;
  lines.forEach((l, i) => ctx.fillText(l, x, yTop + i * lineGap));
}

const COUNTRY = {
  GBR: 'UNITED KINGDOM', USA: 'UNITED STATES OF AMERICA', IND: 'REPUBLIC OF INDIA', DEU: 'BUNDESREPUBLIK DEUTSCHLAND',
  FRA: 'REPUBLIQUE FRANCAISE', NOR: 'NORGE NOREG', ITA: 'REPUBBLICA ITALIANA', JPN: 'JAPAN', CZE: 'CESKA REPUBLIKA',
  POL: 'RZECZPOSPOLITA POLSKA', PRT: 'REPUBLICA PORTUGUESA', IRL: 'EIRE IRELAND', KOR: 'REPUBLIC OF KOREA',
};

/** A TD3 passport data page, 125 x 88 mm drawn at 7 px/mm (875 x 616). */
function passportPage(doc, opts = {}) {
  const w = 875;
  const h = 616;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  background(ctx, w, h, ['#f3efe4', '#e4ecf3'], doc.number.split('').reduce((a, ch) => a * 31 + ch.charCodeAt(0), 7));
  ctx.fillStyle = '#233a5e';
  ctx.font = '22px OCRB';
  ctx.fillText(COUNTRY[doc.issuing_country] ?? doc.issuing_country, 30, 40);
  ctx.font = '16px OCRB';
  ctx.fillText(opts.code === 'V<' ? 'VISA' : 'PASSPORT', 700, 40);
  ctx.fillText('SPECIMEN - SYNTHETIC TEST DOCUMENT', 30, 64);
  if (opts.noPhoto) {
    ctx.strokeStyle = '#9aa7b8';
    ctx.strokeRect(30, 86, 210, 270);
  } else {
    drawPortrait(ctx, doc.face, 30, 86, 210, 270, { grey: doc.face === 'collins' });
  }
  const x = 270;
  label(ctx, 'Type / Code / Passport No.', `${opts.code === 'V<' ? 'V' : 'P'}   ${doc.issuing_country}   ${doc.number}`, x, 96);
  label(ctx, 'Surname', doc.surname, x, 146);
  label(ctx, 'Given names', doc.given_names, x, 196);
  label(ctx, 'Nationality', doc.nationality, x, 246);
  label(ctx, 'Date of birth', printed(doc.birth_date), x, 296);
  label(ctx, 'Sex', doc.sex, 620, 296);
  label(ctx, 'Date of expiry', printed(doc.expiry_date), x, 346);
  // The machine readable zone: two lines of 44 OCR-B characters along the bottom.
  ctx.fillStyle = '#fbfbf8';
  ctx.fillRect(0, 470, w, h - 470);
  mrzLines(ctx, td3(doc, opts), 30, 530, w - 60, 50);
  return c;
}

/** An Emirates ID (TD1, 85.6 x 54 mm at 10 px/mm): front with the face and the ID number. */
function eidFront(doc) {
  const w = 856;
  const h = 540;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  background(ctx, w, h, ['#eef5ef', '#f6efe3'], 97 + Number(doc.number.slice(-4)));
  ctx.fillStyle = '#0b6b3a';
  ctx.fillRect(0, 0, w, 70);
  ctx.fillStyle = '#fff';
  ctx.font = '26px OCRB';
  ctx.fillText('UNITED ARAB EMIRATES', 30, 34);
  ctx.font = '16px OCRB';
  ctx.fillText('RESIDENT IDENTITY CARD - SYNTHETIC TEST DOCUMENT', 30, 58);
  drawPortrait(ctx, doc.face, 600, 100, 220, 290);
  label(ctx, 'ID Number', maskedId(doc.id_number), 30, 120, 30);
  label(ctx, 'Name', `${doc.given_names} ${doc.surname}`, 30, 200, 24);
  label(ctx, 'Nationality', doc.nationality, 30, 270, 24);
  label(ctx, 'Expiry date', printed(doc.expiry_date), 30, 340, 24);
  return c;
}

/** Its back: card number, dates, and the three-line MRZ whose optional data is the ID number. */
function eidBack(doc) {
  const w = 856;
  const h = 540;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  background(ctx, w, h, ['#f6efe3', '#eef5ef'], 131 + Number(doc.number.slice(-4)));
  label(ctx, 'Card number', doc.number, 30, 50, 24);
  label(ctx, 'Date of birth', printed(doc.birth_date), 30, 110, 24);
  label(ctx, 'Sex', doc.sex, 330, 110, 24);
  label(ctx, 'Issuing place', 'DUBAI', 30, 170, 24);
  ctx.fillStyle = '#fbfbf8';
  ctx.fillRect(0, 300, w, h - 300);
  mrzLines(ctx, td1(doc), 40, 370, w - 80, 62);
  return c;
}

/**
 * "Another photograph" of a face, for the selfies and camera feeds: the source photo with the head
 * turned a little (the face as a cylinder about its vertical axis, turned by YAW) and lit from one
 * side. One source photograph per face is all the fixtures have; a selfie drawn straight from it
 * would be a copy of the document's portrait, which the authority refuses (-643), as it should.
 * The turn and the light move the face's pixels as a second photograph would (the face still
 * matches; it no longer copies): api/README.md has the scores.
 */
const YAW = 0.38;
const livePhotos = {};
function livePhoto(face) {
  if (livePhotos[face]) return livePhotos[face];
  const img = faces[face];
  const box = FACE_BOX[face];
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  const cx = box.x + box.s / 2;
  const radius = box.s * 0.62;
  for (let x = 0; x < img.width; x++) {
    const u = (x - cx) / radius;
    let src;
    if (u <= -1) src = x;
    else if (u >= 1) src = x + radius * (Math.cos(YAW) - 1);
    else src = cx + radius * Math.sin(Math.max(-Math.PI / 2, Math.asin(u) - YAW));
    ctx.drawImage(img, Math.min(img.width - 1, Math.max(0, src)), 0, 1, img.height, x, 0, 1, img.height);
  }
  // Light from the turned-to side: darker away from it, warmer towards it.
  const light = ctx.createLinearGradient(box.x - box.s * 0.2, 0, box.x + box.s * 1.2, 0);
  light.addColorStop(0, 'rgb(255,244,228)');
  light.addColorStop(1, 'rgb(120,116,126)');
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, img.width, img.height);
  ctx.globalCompositeOperation = 'source-over';
  livePhotos[face] = c;
  return c;
}

/** A selfie: "another photograph" of the face, mirrored, the face `faceWidth` pixels wide, centred, in a 640x480 frame. */
function selfie(ctx, face, cx, cy, faceWidth, w, h) {
  const img = livePhoto(face);
  const box = FACE_BOX[face];
  const scale = faceWidth / box.s;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(-scale, scale);
  ctx.drawImage(img, -(box.x + box.s / 2), -(box.y + box.s / 2));
  ctx.restore();
  void w;
  void h;
}

function room(ctx, w, h) {
  const g = ctx.createLinearGradient(0, 0, 0, h);
  g.addColorStop(0, '#c9c2b6');
  g.addColorStop(1, '#8d8576');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#a39a8a';
  ctx.fillRect(60, 70, 160, 220);
  ctx.fillStyle = '#6f6759';
  ctx.fillRect(0, 380, w, 100);
}

/** A document held up in the middle of a 640x480 camera frame, swaying a few pixels. */
function heldDocument(doc, i, n) {
  const c = createCanvas(640, 480);
  const ctx = c.getContext('2d');
  room(ctx, 640, 480);
  const dw = 560;
  const dh = (doc.height * dw) / doc.width;
  const dx = 40 + Math.round(4 * Math.sin((2 * Math.PI * i) / n));
  const dy = (480 - dh) / 2 + Math.round(3 * Math.cos((2 * Math.PI * i) / n));
  ctx.fillStyle = 'rgba(0,0,0,0.25)';
  ctx.fillRect(dx + 6, dy + 6, dw, dh);
  ctx.drawImage(doc, dx, dy, dw, dh);
  return c;
}

const jpeg = (canvas, quality) => canvas.encodeSync('jpeg', quality);

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
const frame = (draw) => {
  const c = createCanvas(640, 480);
  const ctx = c.getContext('2d');
  room(ctx, 640, 480);
  draw(ctx);
  return c;
};
const SELFIE_Q = 78;
write('selfie-hopper.jpg', jpeg(frame((ctx) => selfie(ctx, 'hopper', 320, 230, 210, 640, 480)), SELFIE_Q));
write('selfie-collins.jpg', jpeg(frame((ctx) => selfie(ctx, 'collins', 320, 230, 200, 640, 480)), SELFIE_Q));
const twoFaces = () =>
  frame((ctx) => {
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, 320, 480);
    ctx.clip();
    selfie(ctx, 'hopper', 165, 220, 150, 640, 480);
    ctx.restore();
    ctx.save();
    ctx.beginPath();
    ctx.rect(320, 0, 320, 480);
    ctx.clip();
    selfie(ctx, 'collins', 480, 220, 150, 640, 480);
    ctx.restore();
  });
write('selfie-two-faces.jpg', jpeg(twoFaces(), SELFIE_Q));
write('empty-scene.jpg', jpeg(frame(() => {}), SELFIE_Q));

// The authority's reference portraits (the photo it holds of each person): the source photograph
// itself, straight and in colour, 420 x 540 around the face, as the registry's persons name them.
for (const face of Object.keys(FACE_BOX)) {
  const c = createCanvas(420, 540);
  drawPortrait(c.getContext('2d'), face, 0, 0, 420, 540);
  write(`reference-${face}.jpg`, jpeg(c, 85));
}

// Camera feeds (MJPEG: JPEG frames one after the other; Chromium loops them).
const FEED_Q = 72;
const held = (canvas, n) => Array.from({ length: n }, (_, i) => jpeg(heldDocument(canvas, i, n), FEED_Q));
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
    return jpeg(frame((ctx) => selfie(ctx, face, x, 235, faceWidth, 640, 480)), FEED_Q - 17);
  });
mjpeg('camera-selfie-hopper.mjpeg', live('hopper'));
mjpeg('camera-selfie-collins.mjpeg', live('collins'));
mjpeg('camera-two-faces.mjpeg', [jpeg(twoFaces(), FEED_Q)]);
mjpeg('camera-empty.mjpeg', [jpeg(frame(() => {}), FEED_Q)]);

const total = written.reduce((a, [, n]) => a + n, 0);
for (const [name, n] of written) console.log(`${String(Math.round(n / 1024)).padStart(5)} KB  ${name}`);
console.log(`${written.length} files, ${(total / 1024 / 1024).toFixed(2)} MB in ${outDir}`);
if (!existsSync(join(outDir, 'README.md'))) console.log('(the README beside them is written by hand)');
