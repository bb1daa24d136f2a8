import { z } from 'zod';
import raw from './registry.json';
import { STEP_NAME_LIST } from '../flow/step-names';

/**
 * The one module registry: which step modules exist, their Module Federation container, their
 * folder in the workspace, the steps (and so the routes) they own, their dev-server port and
 * their first-download budget. registry.json is the data (plain JSON, so the build tools and the
 * lint config read the same file); this parses it, so a bad entry stops every build and test.
 * A step no module owns is routed and guarded like the others and shows "coming soon".
 */
export const ModuleEntry = z.object({
  /** The remote's name in /remotes.json and in the flow (lower-case). */
  name: z.string().regex(/^[a-z]{2,20}$/),
  /** Its Module Federation container name. */
  container: z.string().regex(/^join_[a-z]{2,20}$/),
  /** Its workspace folder. */
  folder: z.string().regex(/^mfe-[a-z]{2,20}$/),
  /** The flow steps it renders (their routes and sub-routes come from the step table). */
  steps: z.array(z.enum(STEP_NAME_LIST)).min(1),
  devPort: z.number().int().min(1024).max(65535),
  /** Its remoteEntry plus exposed step, gzip, KiB: the size report fails over it. */
  budgetKiB: z.number().positive(),
});
export type ModuleEntry = z.infer<typeof ModuleEntry>;

function parseRegistry(data: unknown): readonly ModuleEntry[] {
  const modules = z.object({ modules: z.array(ModuleEntry) }).parse(data).modules;
  const seen = new Set<string>();
  for (const m of modules) {
    for (const key of [`name ${m.name}`, `container ${m.container}`, `folder ${m.folder}`, `port ${m.devPort}`, ...m.steps.map((s) => `step ${s}`)]) {
      if (seen.has(key)) throw new Error(`module registry: ${key} appears twice`);
      seen.add(key);
    }
  }
  return modules;
}

export const MODULES: readonly ModuleEntry[] = parseRegistry(raw);
export { parseRegistry as parseModuleRegistry };

/** The module that renders a step, or null while none is registered ("coming soon"). */
export function moduleForStep(step: string): ModuleEntry | null {
  return MODULES.find((m) => (m.steps as readonly string[]).includes(step)) ?? null;
}
