/**
 * The kernel's semver version: the version of `@join/shared` in shared/package.json (a test keeps
 * the two equal, and kernel.lock.json makes any kernel change come with a new version). Remotes
 * are built requiring `^<this>`; the host refuses a remote whose range this does not satisfy.
 *
 * - major: an export removed or changed incompatibly (every remote must be rebuilt);
 * - minor: an export added (remotes built before keep working; a remote that uses the new export
 *   needs a host with it, and says so with its range);
 * - patch: a fix with the same exports.
 */
export const KERNEL_PACKAGE = '@join/shared';
export const KERNEL_VERSION = '3.9.0';
