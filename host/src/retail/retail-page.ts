/**
 * Whether this page has served a retail customer session (the server's flow context said
 * `retail`). Kept apart from the store on purpose: when the server ends the session the kernel
 * wipes the store (the flow context with it) before the shell hears of it, and the shell must
 * still know the page was retail to wipe and land on the retail start rather than log in again
 * as a visitor. A page stays retail until it is left (every retail exit is a full load).
 */
let retail = false;

export function markRetailPage(): void {
  retail = true;
}

export function isRetailPage(): boolean {
  return retail;
}

/** Tests only: a fresh page. */
export function resetRetailPageForTests(): void {
  retail = false;
}
