// Persistence of the OAuth server's records (clients, grants, codes, tokens, sessions, interactions), shaped as the
// adapter contract of oidc-provider but free of its types. Two backends: files in the accounts area (one process or
// several on one disk) and Redis (several API processes), so a restart or another process signs nobody out.
export type OAuthPayload = Record<string, unknown>;

export interface OAuthStore {
  upsert(model: string, id: string, payload: OAuthPayload, expiresInSeconds: number | undefined): Promise<void>;
  find(model: string, id: string): Promise<OAuthPayload | undefined>;
  findByUid(model: string, uid: string): Promise<OAuthPayload | undefined>;
  findByUserCode(model: string, userCode: string): Promise<OAuthPayload | undefined>;
  /** Marks a code or refresh token used (rotation); a second use is then detectable. */
  consume(model: string, id: string): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  /** Removes every record of a grant (reuse of a rotated refresh token revokes its whole family). */
  revokeByGrantId(grantId: string): Promise<void>;
  close(): Promise<void>;
}
