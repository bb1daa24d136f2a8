import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { NewIdentityDecision } from '../repository';
import type { CheckRow, DecisionRow, FaceChallengeRow, SideRow } from '../identity-rows';

/**
 * SQL of the identity check on PostgreSQL: the SQLite statements (sqlite/identity-statements.ts)
 * with $n placeholders, rows mapped by the same functions (../identity-rows.ts). The sides go
 * with their check by the schema's ON DELETE CASCADE (PostgreSQL always enforces foreign keys: no
 * explicit delete of the sides is needed, as it was for a SQLite connection without them).
 */
const SIDE_ORDER = "CASE side WHEN 'front' THEN 1 WHEN 'back' THEN 2 ELSE 3 END";
const CHECK_COLUMNS = 'kind, started_at, expires_at, details_json, face_matched_at, liveness, face_person_ref';

export function pgIdentityStatements(db: PgDatabase) {
  return {
    /** The user's activation answers, the row locked until the transaction ends. */
    residentTypeForUpdate: (uid: string) => db.maybe<{ resident_type: string | null }>('SELECT resident_type FROM users WHERE uid = $1 FOR UPDATE', [uid]),
    setActivationMethod: (uid: string, resident: string, sim: string) =>
      db.run('UPDATE users SET resident_type = $2, sim_type = $3 WHERE uid = $1', [uid, resident, sim]),
    check: (uid: string) => db.maybe<CheckRow>(`SELECT ${CHECK_COLUMNS} FROM identity_checks WHERE uid = $1`, [uid]),
    /** The check with its account, the row locked until the transaction ends. */
    checkForUpdate: (uid: string) =>
      db.maybe<CheckRow & { account_id: string | null }>(`SELECT ${CHECK_COLUMNS}, account_id FROM identity_checks WHERE uid = $1 FOR UPDATE`, [uid]),
    sides: (uid: string) =>
      db.many<SideRow>(`SELECT side, image, source, document_json, face_found, received_at FROM identity_check_sides WHERE uid = $1 ORDER BY ${SIDE_ORDER}`, [uid]),
    insertCheck: (uid: string, account: string, kind: string, now: number, expires: number) =>
      db.run('INSERT INTO identity_checks (uid, account_id, kind, started_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [uid, account, kind, now, expires]),
    checkAccount: (uid: string) => db.maybe<{ account_id: string | null }>('SELECT account_id FROM identity_checks WHERE uid = $1', [uid]),
    upsertSide: (uid: string, side: string, image: Buffer, source: string, document: string | null, face: number, now: number) =>
      db.run(
        `INSERT INTO identity_check_sides (uid, side, image, source, document_json, face_found, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (uid, side) DO UPDATE SET image = excluded.image, source = excluded.source,
           document_json = excluded.document_json, face_found = excluded.face_found, received_at = excluded.received_at`,
        [uid, side, image, source, document, face, now],
      ),
    // A new side changes the document: any earlier face match no longer stands.
    updateCheckAfterSide: (uid: string, details: string | null) =>
      db.run(
        `UPDATE identity_checks SET details_json = COALESCE($2, details_json), face_matched_at = NULL, liveness = NULL,
           face_person_ref = NULL
         WHERE uid = $1`,
        [uid, details],
      ),
    setFaceMatched: (uid: string, now: number, liveness: string, personRef: string | null) =>
      db.run('UPDATE identity_checks SET face_matched_at = $2, liveness = $3, face_person_ref = $4 WHERE uid = $1 AND expires_at > $2', [
        uid,
        now,
        liveness,
        personRef,
      ]),
    clearFaceMatch: (uid: string) => db.run('UPDATE identity_checks SET face_matched_at = NULL, liveness = NULL, face_person_ref = NULL WHERE uid = $1', [uid]),
    // The face challenge: one per session, taken (deleted) by the attempt that answers it.
    setFaceChallenge: (hash: string, uid: string, nonce: string, prompt: string, now: number, expires: number) =>
      db.run(
        `INSERT INTO face_challenges (token_hash, uid, nonce_hash, prompt, issued_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (token_hash) DO UPDATE SET uid = excluded.uid, nonce_hash = excluded.nonce_hash, prompt = excluded.prompt,
           issued_at = excluded.issued_at, expires_at = excluded.expires_at`,
        [hash, uid, nonce, prompt, now, expires],
      ),
    /** Deletes the session's challenge and answers what it was: of two attempts at once, one gets it. */
    takeFaceChallenge: (hash: string) =>
      db.maybe<FaceChallengeRow>('DELETE FROM face_challenges WHERE token_hash = $1 RETURNING uid, nonce_hash, prompt, expires_at', [hash]),
    deleteExpiredFaceChallenges: (now: number) => db.run('DELETE FROM face_challenges WHERE expires_at <= $1', [now]),
    /** The check, and its sides with it (ON DELETE CASCADE). */
    deleteCheck: (uid: string) => db.run('DELETE FROM identity_checks WHERE uid = $1', [uid]),
    deleteExpiredChecks: (now: number) => db.run('DELETE FROM identity_checks WHERE expires_at <= $1', [now]),
    insertDecision: (uid: string, d: NewIdentityDecision) =>
      db.run(
        `INSERT INTO identity_decisions (uid, outcome, code, document_kind, document_number, expiry_date, birth_date,
           resident_type, sim_type, person_ref, liveness, decided_at, account_id, holder_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          uid,
          d.outcome,
          d.code,
          d.documentKind,
          d.documentNumber,
          d.expiryDate,
          d.birthDate,
          d.residentType,
          d.simType,
          d.personRef,
          d.liveness,
          d.decidedAt,
          d.accountId,
          d.holderName,
        ],
      ),
    decisions: (uid: string) => db.many<DecisionRow>('SELECT * FROM identity_decisions WHERE uid = $1 ORDER BY decided_at, id', [uid]),
    verifiedDecision: (uid: string, account: string) =>
      db.maybe<DecisionRow>(
        `SELECT * FROM identity_decisions WHERE uid = $1 AND account_id = $2 AND outcome = 'verified'
         ORDER BY decided_at DESC, id DESC LIMIT 1`,
        [uid, account],
      ),
    // A pass makes its account the one the device user's identity flags count for.
    setIdVerified: (uid: string, account: string | null) => db.run('UPDATE users SET id_verified = 1, verified_account_id = $2 WHERE uid = $1', [uid, account]),
    setResidentDone: (uid: string, account: string | null) =>
      db.run('UPDATE users SET resident_done = 1, has_delivery_form = 1, verified_account_id = $2 WHERE uid = $1', [uid, account]),
  };
}
