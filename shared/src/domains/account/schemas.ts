import { z } from 'zod';
import { textField, validateEmail, validatePassword } from '@join/shared';

/**
 * The account domain's payloads (SPEC 7 "Security" and "Transfer, accounts": login, social
 * login, e-mail check, verification code, password, profile, terminated numbers). The API
 * parses requests with these very schemas and the account pages parse the answers with them,
 * so client and server agree by construction. Bodies we add to SPEC 7 (the code e-mail, the
 * sign-in providers and their nonce) are marked "our addition".
 */

/**
 * The account calls' error codes of our own (SPEC 8 has none for them; api/README.md
 * "Accounts"). Beside the kernel's API_ERROR_CODES, in the account contract: only the account
 * pages and the API read them. The kernel maps codeExpired to the catalogue's "Code expired".
 */
export const ACCOUNT_ERROR_CODES = {
  /** The call needs an account session (an e-mail login), not a device-id one; 403. */
  loginRequired: 'login_required',
  /** A wrong verification code; the body says attempts_left. */
  codeInvalid: 'verification_code_invalid',
  /** No live code for the e-mail: expired, used, or replaced by a newer one (SPEC 8 "Code expired"). */
  codeExpired: 'verification_code_expired',
  /** Too many wrong tries: the code is burnt, a new one is needed. */
  codeAttempts: 'verification_code_attempts',
  /** A social ID token that fails verification (signature, issuer, audience, expiry); which check is not said. */
  socialTokenInvalid: 'social_token_invalid',
  /** The provider does not vouch for the token's e-mail. */
  emailNotVerified: 'email_not_verified',
} as const;

/** A verification code: six digits (our choice; the spec names the call, not the code's shape). */
export const VERIFICATION_CODE_LENGTH = 6;
const CODE_RE = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** E-mail as the SPEC 5 rule sees it; trimmed, and compared without case on the server. */
export const emailField = () =>
  z
    .string()
    .max(254)
    .transform((v) => v.trim())
    .pipe(textField(validateEmail));

/** SPEC 5 password rule (at least 8 characters, a digit, an uppercase letter); 128 at most (ASVS V6.2). */
export const passwordField = () => z.string().max(128).pipe(textField(validatePassword));

export const CheckEmailBody = z.object({ email: emailField() }).strict();
export type CheckEmailBody = z.infer<typeof CheckEmailBody>;

/** How the e-mail stage may go on: the password of an account that has one, or a code e-mailed to the address. */
export const EmailLoginMethod = z.enum(['password', 'code']);
export type EmailLoginMethod = z.infer<typeof EmailLoginMethod>;

/** What the e-mail check answers for every e-mail alike: both ways, in this order. */
export const EMAIL_LOGIN_METHODS: readonly EmailLoginMethod[] = Object.freeze(['password', 'code'] as const);

/**
 * The e-mail check's answer tells nothing about an account: not whether one exists,
 * has a password or a terminated line. It is the same for every e-mail, the ways the visitor may
 * go on; what the e-mail is to us is said only once it is proven (the code mailed to it, its
 * password, or a provider that verified it). mfe-identity/README.md, "An e-mail tells nothing
 * before it is proven".
 */
export const CheckEmailResponse = z.object({
  methods: z.array(EmailLoginMethod).min(1),
});
export type CheckEmailResponse = z.infer<typeof CheckEmailResponse>;

/** Our addition: e-mails a new code, to any e-mail alike (sign-up, an account without a password, or instead of a password). */
export const SendCodeBody = z.object({ email: emailField() }).strict();
export type SendCodeBody = z.infer<typeof SendCodeBody>;

export const SendCodeResponse = z.object({
  /** Seconds until the code expires. */
  expires_in_s: z.number().int().positive(),
  /** Seconds until another code may be asked for. */
  resend_after_s: z.number().int().nonnegative(),
});
export type SendCodeResponse = z.infer<typeof SendCodeResponse>;

export const ValidateCodeBody = z
  .object({
    email: emailField(),
    code: z
      .string()
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(z.string().regex(CODE_RE, `must be ${VERIFICATION_CODE_LENGTH} digits`)),
  })
  .strict();
export type ValidateCodeBody = z.infer<typeof ValidateCodeBody>;

export const LoginBody = z
  .object({
    email: emailField(),
    // Any text up to 128: the rule applies when a password is set, not when one is tried.
    password: z.string().min(1).max(128),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBody>;

export const SetPasswordBody = z.object({ password: passwordField() }).strict();
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const SetPasswordResponse = z.object({ has_password: z.literal(true) });
export type SetPasswordResponse = z.infer<typeof SetPasswordResponse>;

export const LoginMethod = z.enum(['password', 'code', 'google']);
export type LoginMethod = z.infer<typeof LoginMethod>;

export const Profile = z.object({
  uid: z.string().min(1),
  email: z.string(),
  has_password: z.boolean(),
  login_method: LoginMethod,
});
export type Profile = z.infer<typeof Profile>;

/** Every login (password, code, social) answers a NEW session id: the old one is revoked. */
export const LoginResponse = z.object({ session_id: z.string().min(1), profile: Profile });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /securitymanagement/me: the profile of the logged-in account (an account session only). */
export const MeResponse = Profile.extend({ created_at: z.number().int() });
export type MeResponse = z.infer<typeof MeResponse>;

export const SocialProviderId = z.enum(['google']);
export type SocialProviderId = z.infer<typeof SocialProviderId>;

/** Our addition: where the browser opens a provider's sign-in (its own origin) and as which client. */
export const SocialProvidersResponse = z.object({
  providers: z.array(
    z.object({
      id: SocialProviderId,
      authorization_endpoint: z.string().url(),
      client_id: z.string().min(1),
    }),
  ),
});
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponse>;

export const SocialNonceBody = z.object({ provider: SocialProviderId }).strict();
/** Our addition: a single-use nonce bound to this session, and the state the popup echoes back. */
export const SocialNonceResponse = z.object({ nonce: z.string().min(16), state: z.string().min(16) });
export type SocialNonceResponse = z.infer<typeof SocialNonceResponse>;

export const SocialLoginBody = z
  .object({
    provider: SocialProviderId,
    id_token: z.string().min(1).max(8192),
  })
  .strict();
export type SocialLoginBody = z.infer<typeof SocialLoginBody>;

export const TerminatedNumbersQuery = z.object({ email: emailField() }).strict();
export const TerminatedNumbersResponse = z.object({
  numbers: z.array(
    z.object({
      /** Only the last digits show: the page is reachable by whoever typed the e-mail. */
      number_masked: z.string(),
      terminated_at: z.number().int(),
    }),
  ),
});
export type TerminatedNumbersResponse = z.infer<typeof TerminatedNumbersResponse>;

/** Error bodies of the code and lock answers carry these beside code and message. */
export const AccountErrorExtras = z.object({
  attempts_left: z.number().int().nonnegative().optional(),
  retry_after_s: z.number().int().nonnegative().optional(),
});
export type AccountErrorExtras = z.infer<typeof AccountErrorExtras>;
