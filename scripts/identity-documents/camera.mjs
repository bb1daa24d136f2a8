// What a camera sees: selfies ("another photograph" of a face, mirrored) and documents held up,
// in a 640 x 480 frame of a plain room, with the faces of `photos` ({ [face]: { img, box } }).
import { canvas } from './canvas.mjs';

export const FRAME_W = 640;
export const FRAME_H = 480;

/**
 * "Another photograph" of a face, for the selfies and camera feeds: the source photo with the head
 * turned a little (the face as a cylinder about its vertical axis, turned by YAW) and lit from one
 * side. One source photograph per face is all the fixtures have; a selfie drawn straight from it
 * would be a copy of the document's portrait, which the authority refuses (-643), as it should.
 * The turn and the light move the face's pixels as a second photograph would (the face still
 * matches; it no longer copies): api/README.md has the scores.
 */
const YAW = 0.38;

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

export function cameraPainter(photos) {
  const livePhotos = {};
  function livePhoto(face) {
    if (livePhotos[face]) return livePhotos[face];
    const { img, box } = photos[face];
    const { c, ctx } = canvas(img.width, img.height);
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

  /** A selfie: "another photograph" of the face, mirrored, the face `faceWidth` pixels wide, centred on (cx, cy). */
  function selfie(ctx, face, cx, cy, faceWidth) {
    const img = livePhoto(face);
    const { box } = photos[face];
    const scale = faceWidth / box.s;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.scale(-scale, scale);
    ctx.drawImage(img, -(box.x + box.s / 2), -(box.y + box.s / 2));
    ctx.restore();
  }

  /** A camera frame: the room, then whatever `draw` puts in front of it. */
  function frame(draw) {
    const { c, ctx } = canvas(FRAME_W, FRAME_H);
    room(ctx, FRAME_W, FRAME_H);
    draw(ctx);
    return c;
  }

  /** A document held up in the middle of the frame, swaying a few pixels (frame i of n). */
  function heldDocument(doc, i, n) {
    return frame((ctx) => {
      const dw = 560;
      const dh = (doc.height * dw) / doc.width;
      const dx = 40 + Math.round(4 * Math.sin((2 * Math.PI * i) / n));
      const dy = (FRAME_H - dh) / 2 + Math.round(3 * Math.cos((2 * Math.PI * i) / n));
      ctx.fillStyle = 'rgba(0,0,0,0.25)';
      ctx.fillRect(dx + 6, dy + 6, dw, dh);
      ctx.drawImage(doc, dx, dy, dw, dh);
    });
  }

  /** Two faces side by side, each in its half of the frame. */
  function twoFaces() {
    return frame((ctx) => {
      for (const [face, left, cx] of [['hopper', 0, 165], ['collins', 320, 480]]) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(left, 0, FRAME_W / 2, FRAME_H);
        ctx.clip();
        selfie(ctx, face, cx, 220, 150);
        ctx.restore();
      }
    });
  }

  return { selfie, frame, heldDocument, twoFaces };
}
