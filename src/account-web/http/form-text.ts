import type { FastifyRequest } from 'fastify';
import { hasControlCharacter } from '../../kernel/validation';
import { formField } from './page-session';

/**
 * What each named form field holding a control character (a NUL, a line break, an escape) should say, keyed by
 * field name; empty when there is none. Checked before anything else runs: such a value is a typing or pasting
 * mistake, never an outage, and it must reach neither the database nor a throttle.
 */
export function controlCharacterErrors(request: FastifyRequest, labels: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, label] of Object.entries(labels)) {
    if (hasControlCharacter(formField(request, name))) {
      errors[name] = `The ${label} contains a control character (such as NUL or a line break). Remove it and try again.`;
    }
  }
  return errors;
}

export function hasErrors(errors: Record<string, string>): boolean {
  return Object.keys(errors).length > 0;
}
