import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

export interface GuardedRoute {
  method: string;
  /** Under `/api`, with every path parameter filled by `fill`. */
  path: string;
}

const joinPath = (...parts: string[]) =>
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * Every route of the composed app that `guard` protects, on its controller or on the handler, read
 * from Nest's own metadata: a route added later is covered without being listed anywhere.
 */
export function guardedRoutes(app: INestApplication, guard: Type, fill: (param: string) => string) {
  const routes: GuardedRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const controllerGuards: unknown[] = Reflect.getMetadata(GUARDS_METADATA, controller) ?? [];
      const prefix: string = Reflect.getMetadata(PATH_METADATA, controller) ?? '';
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path: string | undefined = Reflect.getMetadata(PATH_METADATA, handler);
        if (path === undefined) continue;
        const handlerGuards: unknown[] = Reflect.getMetadata(GUARDS_METADATA, handler) ?? [];
        if (![...controllerGuards, ...handlerGuards].includes(guard)) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const filled = joinPath(prefix, path).replace(/:(\w+)/g, (_, param: string) => fill(param));
        routes.push({ method, path: `/${filled}` });
      }
    }
  }
  return routes;
}
