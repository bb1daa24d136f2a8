/**
 * The page's zod, as the browser builds share it (tools/rspack-config.mjs: the `zod` shared
 * singleton imports this module). A shared module cannot be tree-shaken (any remote may use any
 * export), and all of zod is 88 KiB gzip, most of it JSON-schema conversion, the JIT compiler
 * and 40 locales that no page of ours uses. So the page shares exactly the builders the
 * contracts use: kernel and domain schemas are written against the real `zod` types, and at run
 * time get these. The browser packages' Jest configs map `zod` here too, so a schema that uses
 * a builder missing from this list fails its tests. The API (Node) uses zod itself.
 */
import { array, boolean, coerce, config, enum as zodEnum, literal, looseObject, number, object, partialRecord, record, string, tuple, union, unknown } from 'zod/v4';

export const z = {
  array,
  boolean,
  coerce,
  config,
  enum: zodEnum,
  literal,
  // The address challenge's signed parameters (@join/shared/numbers): kept whole, unknown keys too.
  looseObject,
  number,
  object,
  partialRecord,
  record,
  string,
  // The delivery zones' polygons ([lng, lat] pairs, @join/shared/delivery).
  tuple,
  union,
  // The page's boot payload (step-contract.ts): parts the client checks with their own schemas.
  unknown,
};
