/**
 * A rule of a domain refused the call: the code of the contract's error catalogue (SPEC 8
 * numeric codes, or our string codes where none applies), the message, and the field it is about.
 * Services and repositories throw it and know nothing of HTTP; each module names the HTTP status
 * of its codes in a table (modules/<m>/errors.ts), the composition root joins the tables, and the
 * platform's error handler answers with the status its code maps to.
 */
export class DomainError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly field?: string,
    readonly extras?: ErrorExtras,
    /**
     * The key the status tables know this error by when its code alone does not say the status
     * (one code answered one way in one situation, another way in another): the code otherwise.
     */
    readonly situation?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The key of this error in the status tables. */
  get statusKey(): string {
    return this.situation ?? String(this.code);
  }

  /** Whether this is a failure (a service that could not do its work) rather than a refusal. */
  get failure(): boolean {
    return false;
  }
}

/**
 * A service that could not do its work (a provider unreachable, or answering nonsense): told
 * through the same tables as a refusal (its status a 5xx), but never taken for a refusal.
 */
export class ServiceFailure extends DomainError {
  override get failure(): boolean {
    return true;
  }
}

/**
 * Whether an error is a refusal (a DomainError that is no failure) rather than a failure: what a
 * caller that turns refusals into its own answer catches.
 */
export function isRefusal(error: unknown): error is DomainError {
  return error instanceof DomainError && !error.failure;
}

/** What some answers carry beside code and message (the account's AccountErrorExtras). */
export interface ErrorExtras {
  attempts_left?: number;
  retry_after_s?: number;
  /** Delivery closed for the area (-128): when the zone opens again (ISO), null if never. */
  next_opening?: string | null;
}

/** The HTTP status of each code (or situation, DomainError.statusKey) a module's DomainErrors carry. */
export type ErrorStatuses = Readonly<Record<string, number>>;

/**
 * The modules' tables as one. Two modules may name the same code (a budget's rate_limited) only
 * with the same status: a code answers one way wherever it comes from.
 */
export function joinErrorStatuses(...tables: readonly ErrorStatuses[]): ErrorStatuses {
  const joined: Record<string, number> = {};
  for (const table of tables) {
    for (const [code, status] of Object.entries(table)) {
      if (joined[code] !== undefined && joined[code] !== status) {
        throw new Error(`Error code ${code} is given two HTTP statuses: ${joined[code]} and ${status}`);
      }
      joined[code] = status;
    }
  }
  return joined;
}
