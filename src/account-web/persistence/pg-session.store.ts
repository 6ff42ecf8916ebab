import { EntityManager } from '@mikro-orm/postgresql';
import type { SessionStore } from '@fastify/session';
import { Injectable } from '@nestjs/common';
import type { Session } from 'fastify';
import { createHash } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { queryRows, writeRows } from '../../platform/persistence/sql';

type Callback = (error?: unknown) => void;

/** How often expired sessions are swept (by whichever instance writes a session). */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** The database key of a session: its id's SHA-256, so reading the table does not give anyone a session. */
export function sessionDigest(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

/**
 * @fastify/session's store interface over PostgreSQL, so sessions survive
 * restarts and every replica sees them. A session ends after
 * SESSION_IDLE_MINUTES without a request or SESSION_ABSOLUTE_HOURS after it
 * began, whichever comes first; reading one extends its idle deadline.
 */
@Injectable()
export class PgSessionStore implements SessionStore {
  private readonly idleSeconds: number;
  private readonly absoluteSeconds: number;
  private lastSweep = 0;

  constructor(
    private readonly em: EntityManager,
    config: AppConfig,
  ) {
    this.idleSeconds = config.sessionIdleMinutes * 60;
    this.absoluteSeconds = config.sessionAbsoluteHours * 3600;
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    this.write(sessionId, session).then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.read(sessionId).then((session) => callback(null, session), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    writeRows(this.em, 'delete from account_sessions where id_digest = ?', [sessionDigest(sessionId)]).then(() => callback(), callback);
  }

  private async write(sessionId: string, session: Session): Promise<void> {
    await writeRows(this.em,
      `insert into account_sessions (id_digest, account_id, data, created_at, expires_at)
       values (?, ?, ?::jsonb, now(), now() + make_interval(secs => least(?::float8, ?::float8)))
       on conflict (id_digest) do update
         set account_id = excluded.account_id, data = excluded.data,
             expires_at = least(account_sessions.created_at + make_interval(secs => ?), now() + make_interval(secs => ?))`,
      [
        sessionDigest(sessionId),
        session.accountId ?? null,
        JSON.stringify(session),
        this.idleSeconds,
        this.absoluteSeconds,
        this.absoluteSeconds,
        this.idleSeconds,
      ],
    );
    await this.sweepNowAndThen();
  }

  /** One statement finds a live session and moves its idle deadline on. */
  private async read(sessionId: string): Promise<Session | null> {
    const rows = await queryRows<Record<string, unknown>>(this.em,
      `update account_sessions
          set expires_at = least(created_at + make_interval(secs => ?), now() + make_interval(secs => ?))
        where id_digest = ? and expires_at > now() and created_at + make_interval(secs => ?) > now()
        returning data`,
      [this.absoluteSeconds, this.idleSeconds, sessionDigest(sessionId), this.absoluteSeconds],
    );
    return (rows[0]?.data as Session | undefined) ?? null;
  }

  private async sweepNowAndThen(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = Date.now();
    await writeRows(this.em, 'delete from account_sessions where expires_at <= now()', []);
  }
}
