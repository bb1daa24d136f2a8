// The host's start chunks as preloads in index.html. The host's entry (main.js: the Module
// Federation runtime) loads its bootstrap and the shared singletons' chunks only once it runs, a
// round trip after the page: named in the page, they download beside it. The start chunks are the
// chunks the entry chunk loads itself (those whose parents include it); the variants that other
// chunks load (a shared module's copy for a remote's context) are not named.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class PreloadStartChunks {
  constructor({ entry = 'main', html = 'index.html' } = {}) {
    this.entry = entry;
    this.html = html;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('PreloadStartChunks', (compilation) => {
      const { chunks } = compilation.getStats().toJson({ all: false, chunks: true, chunkRelations: true, ids: true });
      const entry = chunks.find((c) => c.names.includes(this.entry));
      if (!entry) throw new Error(`PreloadStartChunks: no chunk named ${this.entry}`);
      // The entry first: it runs first, and over HTTP/1.1 (six connections) a preload named later
      // waits for a connection behind the others.
      const files = [...entry.files, ...chunks.filter((c) => c.parents.includes(entry.id)).flatMap((c) => c.files)];
      const links = [
        ...files.filter((f) => f.endsWith('.css')).map((f) => `<link rel="preload" as="style" href="/${f}">`),
        ...files.filter((f) => f.endsWith('.js')).map((f) => `<link rel="preload" as="script" href="/${f}">`),
      ];
      const file = path.join(compilation.outputOptions.path, this.html);
      const page = readFileSync(file, 'utf8');
      if (!page.includes('</head>')) throw new Error(`PreloadStartChunks: ${this.html} has no </head>`);
      writeFileSync(file, page.replace('</head>', `${links.join('')}</head>`));
    });
  }
}
