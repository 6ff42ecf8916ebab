import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'tlm:is-public';

/** Opts a controller or handler out of the bearer token check (health, docs, pages). */
export const Public = (): ClassDecorator & MethodDecorator => SetMetadata(IS_PUBLIC, true);
