// The documents themselves: TD3 passport data pages and Emirates ID cards (front and back), drawn
// from a registry case's document with the faces of `photos` ({ [face]: { img, box } }, box: where
// the face sits in its source photo).
import { canvas, rng } from './canvas.mjs';
import { td1, td3 } from './mrz.mjs';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const printed = (iso) => `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const maskedId = (id) => `${id.slice(0, 3)}-${id.slice(3, 7)}-${id.slice(7, 14)}-${id.slice(14)}`;

const COUNTRY = {
  GBR: 'UNITED KINGDOM', USA: 'UNITED STATES OF AMERICA', IND: 'REPUBLIC OF INDIA', DEU: 'BUNDESREPUBLIK DEUTSCHLAND',
  FRA: 'REPUBLIQUE FRANCAISE', NOR: 'NORGE NOREG', ITA: 'REPUBBLICA ITALIANA', JPN: 'JAPAN', CZE: 'CESKA REPUBLIKA',
  POL: 'RZECZPOSPOLITA POLSKA', PRT: 'REPUBLICA PORTUGUESA', IRL: 'EIRE IRELAND', KOR: 'REPUBLIC OF KOREA',
};

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

/** A blank document of w x h on its background (tint: the gradient's two colours, seed: its curves). */
function blank(w, h, tint, seed) {
  const { c, ctx } = canvas(w, h);
  background(ctx, w, h, tint, seed);
  return { c, ctx };
}

function label(ctx, text, value, x, y, size = 20) {
  ctx.fillStyle = '#46566e';
  ctx.font = `13px OCRB`;
  ctx.fillText(text, x, y);
  ctx.fillStyle = '#111';
  ctx.font = `${size}px OCRB`;
  ctx.fillText(value, x, y + size + 2);
}

/** The labelled fields: [caption, value, x, y] each, in one font size. */
function labels(ctx, fields, size) {
  for (const [text, value, x, y] of fields) label(ctx, text, value, x, y, size);
}

/** MRZ lines in OCR-B on a pale strip from `stripTop` down, the font size chosen so the longest line is `width` pixels wide. */
function mrzZone(ctx, lines, { stripTop, x, yTop, lineGap }) {
  const { width: w, height: h } = ctx.canvas;
  ctx.fillStyle = '#fbfbf8';
  ctx.fillRect(0, stripTop, w, h - stripTop);
  ctx.fillStyle = '#000';
  ctx.font = '100px OCRB';
  const width = w - 2 * x;
  const size = Math.floor((100 * width) / ctx.measureText(lines[0]).width);
  ctx.font = `${size}px OCRB`;
  lines.forEach((l, i) => ctx.fillText(l, x, yTop + i * lineGap));
}

export function documentPainter(photos) {
  /** The face photo cropped to a portrait (3:4) around the face; scale < 1 shows more shoulders. */
  function drawPortrait(ctx, face, x, y, w, h, { mirror = false, grey = false } = {}) {
    const { img, box } = photos[face];
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

  /** A TD3 passport data page, 125 x 88 mm drawn at 7 px/mm (875 x 616). */
  function passportPage(doc, opts = {}) {
    const { c, ctx } = blank(875, 616, ['#f3efe4', '#e4ecf3'], doc.number.split('').reduce((a, ch) => a * 31 + ch.charCodeAt(0), 7));
    const visa = opts.code === 'V<';
    ctx.fillStyle = '#233a5e';
    ctx.font = '22px OCRB';
    ctx.fillText(COUNTRY[doc.issuing_country] ?? doc.issuing_country, 30, 40);
    ctx.font = '16px OCRB';
    ctx.fillText(visa ? 'VISA' : 'PASSPORT', 700, 40);
    ctx.fillText('SPECIMEN - SYNTHETIC TEST DOCUMENT', 30, 64);
    if (opts.noPhoto) {
      ctx.strokeStyle = '#9aa7b8';
      ctx.strokeRect(30, 86, 210, 270);
    } else {
      drawPortrait(ctx, doc.face, 30, 86, 210, 270, { grey: doc.face === 'collins' });
    }
    const x = 270;
    labels(ctx, [
      ['Type / Code / Passport No.', `${visa ? 'V' : 'P'}   ${doc.issuing_country}   ${doc.number}`, x, 96],
      ['Surname', doc.surname, x, 146],
      ['Given names', doc.given_names, x, 196],
      ['Nationality', doc.nationality, x, 246],
      ['Date of birth', printed(doc.birth_date), x, 296],
      ['Sex', doc.sex, 620, 296],
      ['Date of expiry', printed(doc.expiry_date), x, 346],
    ]);
    // The machine readable zone: two lines of 44 OCR-B characters along the bottom.
    mrzZone(ctx, td3(doc, opts), { stripTop: 470, x: 30, yTop: 530, lineGap: 50 });
    return c;
  }

  /** An Emirates ID (TD1, 85.6 x 54 mm at 10 px/mm): front with the face and the ID number. */
  function eidFront(doc) {
    const { c, ctx } = blank(856, 540, ['#eef5ef', '#f6efe3'], 97 + Number(doc.number.slice(-4)));
    ctx.fillStyle = '#0b6b3a';
    ctx.fillRect(0, 0, 856, 70);
    ctx.fillStyle = '#fff';
    ctx.font = '26px OCRB';
    ctx.fillText('UNITED ARAB EMIRATES', 30, 34);
    ctx.font = '16px OCRB';
    ctx.fillText('RESIDENT IDENTITY CARD - SYNTHETIC TEST DOCUMENT', 30, 58);
    drawPortrait(ctx, doc.face, 600, 100, 220, 290);
    label(ctx, 'ID Number', maskedId(doc.id_number), 30, 120, 30);
    labels(ctx, [
      ['Name', `${doc.given_names} ${doc.surname}`, 30, 200],
      ['Nationality', doc.nationality, 30, 270],
      ['Expiry date', printed(doc.expiry_date), 30, 340],
    ], 24);
    return c;
  }

  /** Its back: card number, dates, and the three-line MRZ whose optional data is the ID number. */
  function eidBack(doc) {
    const { c, ctx } = blank(856, 540, ['#f6efe3', '#eef5ef'], 131 + Number(doc.number.slice(-4)));
    labels(ctx, [
      ['Card number', doc.number, 30, 50],
      ['Date of birth', printed(doc.birth_date), 30, 110],
      ['Sex', doc.sex, 330, 110],
      ['Issuing place', 'DUBAI', 30, 170],
    ], 24);
    mrzZone(ctx, td1(doc), { stripTop: 300, x: 40, yTop: 370, lineGap: 62 });
    return c;
  }

  return { drawPortrait, passportPage, eidFront, eidBack };
}
