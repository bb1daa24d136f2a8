// A remote's own entry is not used by the host (it loads remoteEntry.js). It exists so the
// build has an entry; the async boundary keeps shared modules out of the initial chunk.
export {};
