import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const ROUTER = resolve(import.meta.dirname, '../../../src/app/router.tsx');

/**
 * Every path the app's router answers, as full patterns ('/report/group/:groupId/sessions'),
 * read from the array `createRoutes` returns in src/app/router.tsx: a route added there shows up here without
 * anyone remembering to list it. Layout routes (no path) add nothing; an index route is its
 * parent's path.
 */
export function routerPaths(): string[] {
  const source = ts.createSourceFile(
    ROUTER,
    readFileSync(ROUTER, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  let routes: ts.ArrayLiteralExpression | undefined;
  source.forEachChild(function find(node) {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'createRoutes' &&
      node.initializer &&
      ts.isArrowFunction(node.initializer) &&
      ts.isArrayLiteralExpression(node.initializer.body)
    ) {
      routes = node.initializer.body;
    }
    node.forEachChild(find);
  });
  if (!routes) throw new Error('No `createRoutes = (…) => [ … ]` in src/app/router.tsx');

  const join = (parent: string, path: string) =>
    path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
  const paths = new Set<string>();
  const walk = (list: ts.ArrayLiteralExpression, parent: string) => {
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      let path: string | undefined;
      let index = false;
      let children: ts.ArrayLiteralExpression | undefined;
      for (const prop of element.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) continue;
        const init = prop.initializer;
        if (prop.name.text === 'path' && ts.isStringLiteral(init)) path = init.text;
        if (prop.name.text === 'index' && init.kind === ts.SyntaxKind.TrueKeyword) index = true;
        if (prop.name.text === 'children' && ts.isArrayLiteralExpression(init)) children = init;
      }
      const full = path === undefined ? parent : join(parent, path);
      if (path !== undefined || index) paths.add(full || '/');
      if (children) walk(children, full);
    }
  };
  walk(routes, '');
  return [...paths].sort();
}

/** Whether a pathname is one the pattern matches (':param' is one segment, '*' anything). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  if (pattern === '/*') return true;
  const parts = pattern
    .split('/')
    .map((p) => (p.startsWith(':') ? '[^/]+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`).test(pathname);
}
