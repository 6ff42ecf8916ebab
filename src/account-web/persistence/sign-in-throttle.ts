import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { normaliseEmail } from '../../tokens';
import { queryRows, writeRows } from '../../platform/persistence/sql';

/**
 * Failed password checks (sign-in, and the password that confirms a deletion),
 * counted per email and per client address over a sliding window in
 * PostgreSQL, so every replica applies the same limits. Once either count
 * reaches its limit, the check is refused (even with the right password) until
 * the oldest counted failure leaves the window.
 */
@Injectable()
export class SignInThrottle {
  private readonly windowSeconds: number;

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {
    this.windowSeconds = config.signInWindowMinutes * 60;
  }

  /** Seconds until a sign-in may be tried again; 0 when it may be tried now. */
  async waitSeconds(email: string, address: string): Promise<number> {
    const waits = await Promise.all([
      this.waitFor(emailSubject(email), this.config.signInFailuresPerEmail),
      this.waitFor(addressSubject(address), this.config.signInFailuresPerAddress),
    ]);
    return Math.max(...waits);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await writeRows(this.em,
      `delete from sign_in_failures where failed_at < now() - make_interval(secs => ?)`,
      [this.windowSeconds],
    );
    await writeRows(this.em, 'insert into sign_in_failures (subject, failed_at) values (?, now()), (?, now())', [
      emailSubject(email),
      addressSubject(address),
    ]);
  }

  /** A successful sign-in forgets the email's failures (not the address's). */
  async recordSuccess(email: string): Promise<void> {
    await writeRows(this.em, 'delete from sign_in_failures where subject = ?', [emailSubject(email)]);
  }

  /** The limit-th most recent failure in the window decides: when it leaves the window, a try is allowed again. */
  private async waitFor(subject: string, limit: number): Promise<number> {
    const rows = await queryRows<Record<string, unknown>>(this.em,
      `select ceil(extract(epoch from failed_at + make_interval(secs => ?) - now()))::int as wait
         from sign_in_failures
        where subject = ? and failed_at > now() - make_interval(secs => ?)
        order by failed_at desc offset ? limit 1`,
      [this.windowSeconds, subject, this.windowSeconds, limit - 1],
    );
    return Math.max(0, Number(rows[0]?.wait ?? 0));
  }
}

/** Emails are counted by digest: the table does not collect addresses people typed. */
function emailSubject(email: string): string {
  return `email:${createHash('sha256').update(normaliseEmail(email), 'utf8').digest('hex')}`;
}

function addressSubject(address: string): string {
  return `address:${address}`;
}
