import type { Database } from 'better-sqlite3';
import type { CheckRow, DecisionRow, FaceChallengeRow, SideRow } from '../identity-rows';

/** SQL of the identity check (migration 9): pending checks, their sides' images, decisions (their rows: ../identity-rows.ts). */
const SIDE_ORDER = "CASE side WHEN 'front' THEN 1 WHEN 'back' THEN 2 ELSE 3 END";

export function identityStatements(db: Database) {
  return {
    residentType: db.prepare<[string], { resident_type: string | null }>('SELECT resident_type FROM users WHERE uid = ?'),
    setActivationMethod: db.prepare<[{ uid: string; resident: string; sim: string }]>(
      'UPDATE users SET resident_type = @resident, sim_type = @sim WHERE uid = @uid',
    ),
    check: db.prepare<[string], CheckRow>(
      'SELECT kind, started_at, expires_at, details_json, face_matched_at, liveness, face_person_ref FROM identity_checks WHERE uid = ?',
    ),
    sides: db.prepare<[string], SideRow>(
      `SELECT side, image, source, document_json, face_found, received_at FROM identity_check_sides WHERE uid = ? ORDER BY ${SIDE_ORDER}`,
    ),
    insertCheck: db.prepare<[{ uid: string; account: string; kind: string; now: number; expires: number }]>(
      'INSERT INTO identity_checks (uid, account_id, kind, started_at, expires_at) VALUES (@uid, @account, @kind, @now, @expires)',
    ),
    checkAccount: db.prepare<[string], { account_id: string | null }>('SELECT account_id FROM identity_checks WHERE uid = ?'),
    upsertSide: db.prepare<[{ uid: string; side: string; image: Buffer; source: string; document: string | null; face: number; now: number }]>(
      `INSERT INTO identity_check_sides (uid, side, image, source, document_json, face_found, received_at)
       VALUES (@uid, @side, @image, @source, @document, @face, @now)
       ON CONFLICT (uid, side) DO UPDATE SET image = excluded.image, source = excluded.source,
         document_json = excluded.document_json, face_found = excluded.face_found, received_at = excluded.received_at`,
    ),
    // A new side changes the document: any earlier face match no longer stands.
    updateCheckAfterSide: db.prepare<[{ uid: string; details: string | null }]>(
      `UPDATE identity_checks SET details_json = COALESCE(@details, details_json), face_matched_at = NULL, liveness = NULL,
         face_person_ref = NULL
       WHERE uid = @uid`,
    ),
    setFaceMatched: db.prepare<[{ uid: string; now: number; liveness: string; personRef: string | null }]>(
      'UPDATE identity_checks SET face_matched_at = @now, liveness = @liveness, face_person_ref = @personRef WHERE uid = @uid AND expires_at > @now',
    ),
    clearFaceMatch: db.prepare<[string]>('UPDATE identity_checks SET face_matched_at = NULL, liveness = NULL, face_person_ref = NULL WHERE uid = ?'),
    // The face challenge (migration 17): one per session, taken (deleted) by the attempt that answers it.
    setFaceChallenge: db.prepare<[{ hash: string; uid: string; nonce: string; prompt: string; now: number; expires: number }]>(
      `INSERT INTO face_challenges (token_hash, uid, nonce_hash, prompt, issued_at, expires_at)
       VALUES (@hash, @uid, @nonce, @prompt, @now, @expires)
       ON CONFLICT (token_hash) DO UPDATE SET uid = excluded.uid, nonce_hash = excluded.nonce_hash, prompt = excluded.prompt,
         issued_at = excluded.issued_at, expires_at = excluded.expires_at`,
    ),
    faceChallenge: db.prepare<[string], FaceChallengeRow>(
      'SELECT uid, nonce_hash, prompt, expires_at FROM face_challenges WHERE token_hash = ?',
    ),
    deleteFaceChallenge: db.prepare<[string]>('DELETE FROM face_challenges WHERE token_hash = ?'),
    deleteExpiredFaceChallenges: db.prepare<[number]>('DELETE FROM face_challenges WHERE expires_at <= ?'),
    // The sides go with their check (ON DELETE CASCADE); deleted explicitly too, in case a
    // connection runs without foreign keys.
    deleteSides: db.prepare<[string]>('DELETE FROM identity_check_sides WHERE uid = ?'),
    deleteCheck: db.prepare<[string]>('DELETE FROM identity_checks WHERE uid = ?'),
    deleteExpiredSides: db.prepare<[number]>(
      'DELETE FROM identity_check_sides WHERE uid IN (SELECT uid FROM identity_checks WHERE expires_at <= ?)',
    ),
    deleteExpiredChecks: db.prepare<[number]>('DELETE FROM identity_checks WHERE expires_at <= ?'),
    insertDecision: db.prepare<[Record<string, string | number | null>]>(
      `INSERT INTO identity_decisions (uid, outcome, code, document_kind, document_number, expiry_date, birth_date,
         resident_type, sim_type, person_ref, liveness, decided_at, account_id, holder_name)
       VALUES (@uid, @outcome, @code, @documentKind, @documentNumber, @expiryDate, @birthDate,
         @residentType, @simType, @personRef, @liveness, @decidedAt, @accountId, @holderName)`,
    ),
    decisions: db.prepare<[string], DecisionRow>('SELECT * FROM identity_decisions WHERE uid = ? ORDER BY decided_at, id'),
    verifiedDecision: db.prepare<[{ uid: string; account: string }], DecisionRow>(
      `SELECT * FROM identity_decisions WHERE uid = @uid AND account_id = @account AND outcome = 'verified'
       ORDER BY decided_at DESC, id DESC LIMIT 1`,
    ),
    // A pass makes its account the one the device user's identity flags count for.
    setIdVerified: db.prepare<[{ uid: string; account: string | null }]>('UPDATE users SET id_verified = 1, verified_account_id = @account WHERE uid = @uid'),
    setResidentDone: db.prepare<[{ uid: string; account: string | null }]>(
      'UPDATE users SET resident_done = 1, has_delivery_form = 1, verified_account_id = @account WHERE uid = @uid',
    ),
  };
}
