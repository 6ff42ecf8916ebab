import 'reflect-metadata';
import { Type } from 'class-transformer';
import { getMetadataStorage, IsDefined, IsInt, IsOptional, IsString, ValidateIf, ValidateNested, ValidationError, validateSync } from 'class-validator';
import fc from 'fast-check';
import { cacheValidationRules, validatePresent } from './validation-rules-cache';

class Named {
  @IsString()
  name!: string;
}

describe('cacheValidationRules', () => {
  const storage = getMetadataStorage();
  beforeAll(() => cacheValidationRules(storage));

  const invalid = (object: object, groups?: string[]) => validateSync(object, { groups }).map((error) => error.property);

  it('answers a class rules lookup once, and validates as before', () => {
    const first = storage.getTargetValidationMetadatas(Named, '', false, false);
    expect(storage.getTargetValidationMetadatas(Named, '', false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(invalid(Object.assign(new Named(), { name: 7 }))).toEqual(['name']);
    expect(invalid(Object.assign(new Named(), { name: 'Ada' }))).toEqual([]);
  });

  it('keeps lookups with other options apart', () => {
    class Grouped {
      @IsInt({ groups: ['strict'] })
      size!: number;
    }
    expect(invalid(Object.assign(new Grouped(), { size: 'big' }), ['strict'])).toEqual(['size']);
    expect(invalid(Object.assign(new Grouped(), { size: 'big' }), ['lenient'])).toEqual([]);
  });

  it('sees rules added after a lookup: a class declared later, and a subclass inheriting cached rules', () => {
    const before = storage.getTargetValidationMetadatas(Named, '', false, false);
    class Sized extends Named {
      @IsInt()
      size!: number;
    }
    expect(invalid(Object.assign(new Sized(), { name: 1, size: 'big' })).sort()).toEqual(['name', 'size']);
    expect(storage.getTargetValidationMetadatas(Named, '', false, false)).not.toBe(before);
    expect(storage.getTargetValidationMetadatas(Named, '', false, false)).toEqual(before);
  });
});

describe('validatePresent', () => {
  class Mixed {
    @IsOptional() @IsString()
    nickname?: string;

    @IsOptional() @IsDefined() @IsInt()
    rank?: number;

    @IsOptional() @ValidateIf((object: Mixed) => object.rank !== 3) @IsString()
    note?: string;

    @IsInt()
    required!: number;
  }

  class AllOptional {
    @IsOptional() @IsString()
    only?: string;
  }

  const verdict = (errors: ValidationError[]) => errors.map((error) => [error.property, Object.keys(error.constraints ?? {}).sort()]);
  const value = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean());
  const options = { forbidUnknownValues: true };

  beforeAll(() => cacheValidationRules());

  it.each([
    ['a class mixing optional, conditional, defined and required properties', Mixed, ['nickname', 'rank', 'note', 'required']],
    ['a class whose only property is optional', AllOptional, ['only']],
  ] as const)('gives the verdict validateSync gives, for %s', (_name, dto, properties) => {
    fc.assert(
      fc.property(fc.tuple(...properties.map(() => value)), (values) => {
        const object = Object.assign(new (dto as new () => object)(), Object.fromEntries(properties.map((property, index) => [property, values[index]])));
        expect(verdict(validatePresent(object, options))).toEqual(verdict(validateSync(object, options)));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves nested objects to the usual rules', () => {
    class Outer {
      @IsOptional() @ValidateNested() @Type(() => Mixed)
      inner?: Mixed;
    }
    const outer = Object.assign(new Outer(), { inner: Object.assign(new Mixed(), { nickname: 5 }) });
    expect(verdict(validatePresent(outer, options))).toEqual(verdict(validateSync(outer, options)));
    expect(validatePresent(outer, options)[0].children?.map((child) => child.property).sort()).toEqual(['nickname', 'required']);
  });
});
