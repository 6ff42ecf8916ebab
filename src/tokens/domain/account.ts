import { hasControlCharacter } from '../../kernel/validation';
import { newId } from '../../kernel/ids';
import { Plan } from './plan';

/** A customer. API access needs the premium plan; the password is for the settings page. */
export class Account {
  id: string;
  email: string;
  passwordHash: string | null;
  plan: Plan;
  createdAt: Date;
  updatedAt: Date;

  static create(email: string, plan: Plan, passwordHash: string | null, now = new Date()): Account {
    const account = new Account();
    account.id = newId(now.getTime());
    account.email = normaliseEmail(email);
    account.passwordHash = passwordHash;
    account.plan = plan;
    account.createdAt = now;
    account.updatedAt = now;
    return account;
  }

  changePlan(plan: Plan, now = new Date()): void {
    if (plan === this.plan) return;
    this.plan = plan;
    this.updatedAt = now;
  }

  hasApiAccess(): boolean {
    return this.plan === 'premium';
  }
}

/** Emails are unique regardless of case: store them trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim()) && !hasControlCharacter(value);
}
