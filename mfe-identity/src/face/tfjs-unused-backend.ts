/**
 * Stands in for tfjs's WebGL and WebGPU backends in the face scan's build (rspack.config.mjs
 * aliases them here): the detector runs on the WASM backend only, and human's build without
 * tfjs (human.esm-nobundle.js) would otherwise bring both, about half of the face chunk.
 */
export {};
