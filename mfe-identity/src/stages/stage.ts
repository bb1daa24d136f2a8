/**
 * The stages of /login, one screen each (SPEC 2 "Login/account"): the e-mail first, then for
 * every e-mail the same choice (`password`): its password, or a code e-mailed to it; after the
 * code, a password for an account that has none yet (or /login/terminated for a terminated
 * e-mail). The page holds the current stage; a stage moves on by handing the next one to `onStage`.
 */
export type Stage =
  | { name: 'email'; email: string }
  /** The password, or "E-mail me a code": the same for every e-mail. */
  | { name: 'password'; email: string }
  /** resendAfterS: seconds until another code may be asked for (the send's answer, or a 429's retry_after_s). */
  | { name: 'code'; email: string; resendAfterS: number }
  | { name: 'set-password'; email: string }
  /** Already logged in (back on /login): who they are, and Continue. */
  | { name: 'signed-in'; email: string; method: 'password' | 'code' | 'google' };

export type StageName = Stage['name'];

export interface StageProps<S extends StageName> {
  stage: Extract<Stage, { name: S }>;
  onStage: (next: Stage) => void;
}
