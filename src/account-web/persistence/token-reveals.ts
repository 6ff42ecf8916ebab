import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { sessionDigest } from './pg-session.store';
import { queryRows, writeRows } from '../../platform/persistence/sql';

/**
 * Carries a new token's plaintext across the redirect after Generate, to be
 * shown exactly once. It rests in the session's row encrypted (AES-256-GCM)
 * with a key derived from the session id, which only the browser's cookie
 * holds (the table has the id's digest), so the database never holds a
 * readable token. Taking it clears it in the same statement: a reload, a back
 * button or a second tab finds nothing.
 */
@Injectable()
export class TokenReveals {
  constructor(private readonly em: EntityManager) {}

  async stash(sessionId: string, plaintext: string): Promise<void> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyOf(sessionId), iv);
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const value = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    await writeRows(this.em, 'update account_sessions set token_reveal = ? where id_digest = ? returning 1', [value, sessionDigest(sessionId)]);
  }

  async take(sessionId: string): Promise<string | null> {
    const rows = await queryRows<Record<string, unknown>>(this.em,
      `with taken as (
         select id_digest, token_reveal from account_sessions
          where id_digest = ? and token_reveal is not null and expires_at > now() for update)
       update account_sessions s set token_reveal = null from taken
        where s.id_digest = taken.id_digest
       returning taken.token_reveal`,
      [sessionDigest(sessionId)],
    );
    const value = rows[0]?.token_reveal;
    return typeof value === 'string' ? open(sessionId, value) : null;
  }
}

function keyOf(sessionId: string): Buffer {
  return createHmac('sha256', sessionId).update('tlm token reveal').digest();
}

function open(sessionId: string, value: string): string | null {
  const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionId), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
