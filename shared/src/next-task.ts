/**
 * Resolves in a later task of the event loop: the main thread is given back first (to paint, to
 * answer a tap). A long stretch of start-up work is cut into tasks at such points (issue 27:
 * a phone's CPU runs each of them well under the 50 ms of a long task).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
