import { DynamicModule, Global, Module } from '@nestjs/common';
import { InstalledModules, ModuleManifest } from './module-manifest';

/** Makes the list of modules the application was built from injectable everywhere (InstalledModules). */
@Global()
@Module({})
export class InstalledModulesModule {
  static forRoot(manifests: readonly ModuleManifest[]): DynamicModule {
    return { module: InstalledModulesModule, providers: [{ provide: InstalledModules, useValue: new InstalledModules(manifests) }], exports: [InstalledModules] };
  }
}
