import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { Trim } from './validation/decorators';
import { RequestValidationPipe } from './request-validation.pipe';

/** A made-up nested collection, so the behaviour is the pipe's and not one module's. */
class Line {
  @Trim() @IsString()
  label: string;

  @IsOptional() @IsObject()
  tags?: Record<string, string>;
}

class Order {
  @IsString()
  customer: string;

  @IsArray() @ValidateNested({ each: true }) @Type(() => Line)
  lines: Line[];

  @IsOptional() @ValidateNested() @Type(() => Line)
  note?: Line;
}

describe('RequestValidationPipe on nested request classes', () => {
  const pipe = new RequestValidationPipe();
  const validate = (json: string) => pipe.transform(JSON.parse(json), { type: 'body', metatype: Order });
  function problemsOf(json: string): FieldProblem[] {
    let error: unknown;
    try {
      validate(json);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(InvalidError);
    return (error as InvalidError).fieldProblems;
  }

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('refuses an unknown item field named %s on its pointer', (key) => {
    expect(problemsOf(`{"customer":"c","lines":[{"label":"a"},{"label":"b","${key}":"x"}]}`)).toEqual([
      { pointer: `/lines/1/${key}`, detail: `${key} is not a recognised field.` },
    ]);
    expect(problemsOf(`{"customer":"c","lines":[],"note":{"label":"n","${key}":1}}`)).toEqual([
      { pointer: `/note/${key}`, detail: `${key} is not a recognised field.` },
    ]);
  });

  it('keeps prototype-named keys of an object inside an item, and still applies the item transforms', () => {
    const order = (validate('{"customer":"c","lines":[{"label":"  a  ","tags":{"constructor":"c","__proto__":"p","toString":"t"}}]}')) as Order;
    expect(order.lines[0]).toBeInstanceOf(Line);
    expect(order.lines[0].label).toBe('a');
    expect(Object.entries(order.lines[0].tags!).sort()).toEqual([
      ['__proto__', 'p'],
      ['constructor', 'c'],
      ['toString', 't'],
    ]);
  });

  it('refuses each item that is not an object, once, on its pointer', () => {
    expect(problemsOf('{"customer":"c","lines":[{"label":"a"},null,[],"x",1]}')).toEqual(
      ['1', '2', '3', '4'].map((index) => ({ pointer: `/lines/${index}`, detail: 'Each item must be a JSON object.' })),
    );
    expect((problemsOf('{"customer":"c","lines":"x"}')).map((problem) => problem.pointer)).toEqual(['/lines']);
  });
});
