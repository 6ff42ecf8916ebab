import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Body, Controller, Post, Query } from '@nestjs/common';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { NoQueryParameters } from './platform/http/no-query-parameters.pipe';
import { RequestValidationPipe } from './platform/http/request-validation.pipe';

/**
 * The validation pipe is bound per parameter, not globally (a global pipe runs Nest's asynchronous pipe chain for
 * every parameter of every handler, the account and If-Match included). So each whole body and each whole query
 * string a handler takes must name it, or NoQueryParameters where a route takes none: this walks every controller.
 */
const VALIDATING_PIPES: unknown[] = [RequestValidationPipe, NoQueryParameters];

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/** Each whole body or query string `controller`'s handlers take, as `Controller.method #index`, with its pipes. */
function wholeBodiesAndQueries(controller: new (...args: never[]) => object): { name: string; pipes: unknown[] }[] {
  return Object.getOwnPropertyNames(controller.prototype).flatMap((method) => {
    const routeArguments = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, RouteArgument>;
    return Object.entries(routeArguments)
      .filter(([key, argument]) => isWholeBodyOrQuery(key) && argument.data === undefined)
      .map(([, argument]) => ({ name: `${controller.name}.${method} #${argument.index}`, pipes: argument.pipes ?? [] }));
  });
}

/** Those of them that no validating pipe checks. */
function unvalidatedParameters(controller: new (...args: never[]) => object): string[] {
  return wholeBodiesAndQueries(controller)
    .filter(({ pipes }) => !pipes.some((pipe) => VALIDATING_PIPES.includes(pipe)))
    .map(({ name }) => name);
}

function isWholeBodyOrQuery(key: string): boolean {
  const [type] = key.split(':');
  return type === String(RouteParamtypes.BODY) || type === String(RouteParamtypes.QUERY);
}

async function controllersIn(dir: string): Promise<(new (...args: never[]) => object)[]> {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.controller.ts'));
  const modules = (await Promise.all(files.map((file) => import(join(dir, file))))) as Record<string, unknown>[];
  return modules
    .flatMap((exported) => Object.values(exported))
    .filter((value): value is new (...args: never[]) => object => typeof value === 'function' && Reflect.getMetadata(PATH_METADATA, value) !== undefined);
}

describe('validated parameters', () => {
  it('every whole body and query string of every controller goes through a validating pipe', async () => {
    const controllers = await controllersIn(__dirname);
    // The walk must see the API's controllers and their bodies, or this would pass on nothing.
    expect(controllers.map((controller) => controller.name)).toEqual(expect.arrayContaining(['TournamentsController', 'MatchesController', 'EventsController']));
    expect(controllers.flatMap(wholeBodiesAndQueries).length).toBeGreaterThan(20);
    expect(controllers.flatMap(unvalidatedParameters)).toEqual([]);
  });

  it('reports a body or a query string left without one', () => {
    @Controller('/example')
    class ExampleController {
      @Post()
      create(@Body() _body: unknown, @Query(RequestValidationPipe) _query: unknown) {}

      @Post('other')
      other(@Body(RequestValidationPipe) _body: unknown, @Query() _query: unknown, @Query('name') _name: string) {}
    }
    expect(unvalidatedParameters(ExampleController)).toEqual(['ExampleController.create #0', 'ExampleController.other #1']);
  });
});
