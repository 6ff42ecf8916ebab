import 'reflect-metadata';
import { ValidationError, validateSync } from 'class-validator';
import fc from 'fast-check';
import { cacheValidationRules, validatePresent } from '../../platform/http/validation-rules-cache';
import { ListTournamentsQuery } from './list-tournaments.query';
import { UpdateTournamentDto } from './tournament-body.dto';

/** The pipe validates only present properties; for the tournament's own classes that must not change a verdict. */
describe('validatePresent on the tournament request classes', () => {
  const verdict = (errors: ValidationError[]) => errors.map((error) => [error.property, Object.keys(error.constraints ?? {}).sort()]);
  const value = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean());
  const options = { forbidUnknownValues: true };

  beforeAll(() => cacheValidationRules());

  it.each([
    ['the tournament list query', ListTournamentsQuery, ['limit', 'cursor', 'sort', 'status', 'format', 'league_id', 'game', 'q', 'starts_after', 'starts_before']],
    ['the tournament update body', UpdateTournamentDto, ['name', 'description', 'game', 'format', 'participant_type', 'max_participants', 'status', 'timezone', 'starts_at', 'ends_at']],
  ] as const)('gives the verdict validateSync gives, for %s', (_name, dto, properties) => {
    fc.assert(
      fc.property(fc.tuple(...properties.map(() => value)), (values) => {
        const object = Object.assign(new (dto as new () => object)(), Object.fromEntries(properties.map((property, index) => [property, values[index]])));
        expect(verdict(validatePresent(object, options))).toEqual(verdict(validateSync(object, options)));
      }),
      { numRuns: 300 },
    );
  });
});
