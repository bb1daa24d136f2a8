// In the single bundle (tools/single-bundle.mjs) in place of '@module-federation/enhanced/runtime':
// the host's kernel check (host/src/federation/kernel-compat.ts) imports the runtime's semver
// `satisfy`, which only the federated loader calls. Without this the whole federation runtime
// would be bundled for it (it has side effects, so it is not tree-shaken).
export function satisfy() {
  throw new Error('the single bundle loads no remote: there is no kernel to check');
}
