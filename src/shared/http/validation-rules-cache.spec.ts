import { getMetadataStorage, IsInt, IsString, validateSync } from 'class-validator';
import { cacheValidationRules } from './validation-rules-cache';

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
