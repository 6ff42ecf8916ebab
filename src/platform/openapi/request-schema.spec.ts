import { IsIn, IsInt, IsString, Length, Max, Min } from 'class-validator';
import { Absentable, IsInstant, Nullable } from '../http/validation/decorators';
import { queryParameters, requestBodySchema } from './request-schema';

class ExampleBody {
  @IsString() @Length(1, 100)
  name: string;

  @Absentable() @IsIn(['a', 'b'])
  kind?: string;

  @Nullable() @IsInt() @Min(2) @Max(9)
  size?: number | null;

  @Nullable() @IsInstant()
  starts_at?: string | null;
}

describe('request schemas read from class-validator decorators', () => {
  const schema = requestBodySchema(ExampleBody, { kind: { description: 'Which kind.', default: 'a' } }, 'An example.');

  it('requires exactly the fields without Absentable() or Nullable(), and closes the body', () => {
    expect(schema.required).toEqual(['name']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('turns each rule into its JSON Schema keyword and keeps the docs beside them', () => {
    expect(schema.properties).toEqual({
      name: { type: 'string', minLength: 1, maxLength: 100 },
      kind: { type: 'string', enum: ['a', 'b'], description: 'Which kind.', default: 'a' },
      size: { type: ['integer', 'null'], format: 'int32', minimum: 2, maximum: 9 },
      starts_at: { type: ['string', 'null'], format: 'date-time', maxLength: 35 },
    });
  });

  it('describes query classes as optional parameters, never nullable', () => {
    const [, , size] = queryParameters(ExampleBody, { size: { example: 3 } });
    expect(size).toEqual({ name: 'size', in: 'query', required: false, example: 3, schema: { type: 'integer', format: 'int32', minimum: 2, maximum: 9 } });
  });

  it('refuses a validator it cannot describe, instead of leaving the field unconstrained', () => {
    class Unknown {
      @IsString() @Length(1, 5)
      ok: string;
    }
    const { IsEmail } = jest.requireActual<typeof import('class-validator')>('class-validator');
    IsEmail()(Unknown.prototype, 'email');
    expect(() => requestBodySchema(Unknown, {}, '')).toThrow('Unknown.email: no OpenAPI mapping for the validator "isEmail"');
  });
});
