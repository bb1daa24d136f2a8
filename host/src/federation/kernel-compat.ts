import { satisfy } from '@module-federation/enhanced/runtime';
import { z } from 'zod';
import { KERNEL_PACKAGE, KERNEL_VERSION } from '@join/shared';

/**
 * A remote declares in its manifest the kernel range it was built for (`requiredVersion` of the
 * `@join/shared` shared entry: `^x.y.z` of the kernel it compiled against). The host checks it
 * against its own kernel before loading any of the remote's code: a remote built against a newer
 * minor (it may use exports this kernel lacks) or another major is refused with the step's
 * retryable panel and a console message naming both versions, instead of failing on render.
 * The range check is the Module Federation runtime's own semver (`satisfy`).
 */
const ManifestShared = z.object({
  shared: z
    .array(z.object({ name: z.string(), version: z.string().optional(), requiredVersion: z.string().optional() }))
    .optional(),
});

export class KernelMismatchError extends Error {
  override name = 'KernelMismatchError';
  constructor(
    readonly remote: string,
    /** The range the remote requires, or null when its manifest names none. */
    readonly required: string | null,
    readonly hostVersion: string,
  ) {
    super(
      required === null
        ? `The ${remote} step's manifest names no ${KERNEL_PACKAGE} range; this page runs kernel ${hostVersion}. Not loaded.`
        : `The ${remote} step was built for kernel ${required}; this page runs kernel ${hostVersion}. Not loaded: deploy a ${remote} step built against kernel ${hostVersion}, or a host with a kernel in ${required}.`,
    );
  }
}

/** The kernel range a remote's manifest requires, or null. */
export function requiredKernelRange(manifest: unknown): string | null {
  const parsed = ManifestShared.safeParse(manifest);
  if (!parsed.success) return null;
  return parsed.data.shared?.find((s) => s.name === KERNEL_PACKAGE)?.requiredVersion ?? null;
}

/** Throws KernelMismatchError unless the host's kernel satisfies the remote's range. */
export function checkKernel(remote: string, manifest: unknown, hostVersion: string = KERNEL_VERSION): void {
  const required = requiredKernelRange(manifest);
  if (required === null || !satisfy(hostVersion, required)) throw new KernelMismatchError(remote, required, hostVersion);
}

/** Checks a remote's manifest (read once, federation/remotes.ts manifestOf) and says why in the console when refused. */
export function checkKernelOf(remote: string, manifest: unknown): void {
  try {
    checkKernel(remote, manifest);
  } catch (err) {
    if (err instanceof KernelMismatchError) console.error(`[join] ${err.message}`);
    throw err;
  }
}
