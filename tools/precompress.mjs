// Writes brotli and gzip copies of a build's text assets (js, css, html, json, svg) so the
// server sends them compressed without compressing per request. Usage: node precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) throw new Error('usage: precompress.mjs <dist dir>');
const TEXT = /\.(js|css|html|json|svg)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  const file = path.join(dir, name);
  if (!TEXT.test(name) || !statSync(file).isFile()) continue;
  const data = readFileSync(file);
  if (data.length < 512) continue; // headers would outweigh the saving
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${files} files in ${dir}: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`);
