/**
 * The import rules of docs/architecture.md ("Layers"), checked by `npm run lint:deps`.
 * contracts <- engine <- features <- app ; contracts (+ engine) <- server ; lib <- contracts only.
 */
module.exports = {
  forbidden: [
    {
      name: 'contracts-are-pure',
      comment: 'src/contracts may import zod only.',
      severity: 'error',
      from: { path: '^src/contracts' },
      to: { pathNot: ['^src/contracts', '^node_modules/zod'] },
    },
    {
      name: 'engine-is-pure',
      comment:
        'src/engine may import contracts, rxjs and xstate only (no DOM, React, Node or network).',
      severity: 'error',
      from: { path: '^src/engine', pathNot: ['\\.test\\.ts$', '^src/engine/testing/'] },
      to: {
        pathNot: ['^src/engine', '^src/contracts', '^node_modules/(rxjs|xstate)/'],
      },
    },
    {
      name: 'engine-tests-stay-pure',
      comment: 'Engine tests and harnesses may add test tools, but not the server or the client.',
      severity: 'error',
      from: { path: '^src/engine' },
      to: { path: '^src/(server|app|features|lib)/' },
    },
    {
      name: 'server-no-client',
      comment:
        'src/server may import contracts, engine and Node libraries; never the client or React.',
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: ['^src/(app|features|lib)/', '^node_modules/(react|react-dom|@mantine)/'] },
    },
    {
      name: 'lib-only-contracts',
      comment:
        'src/lib is client plumbing: contracts and non-UI libraries, no features, app, React UI or server.',
      severity: 'error',
      from: { path: '^src/lib' },
      to: {
        path: [
          '^src/(app|features|server|engine)/',
          '^node_modules/(@mantine|react-router|react-router-dom)/',
        ],
      },
    },
    {
      name: 'client-no-server',
      comment: 'Nothing on the client imports src/server.',
      severity: 'error',
      from: { path: '^src/(app|features|lib)' },
      to: { path: '^src/server' },
    },
    {
      name: 'features-engine-public-surface',
      comment:
        'Features use the engine through its public surface (@/engine = src/engine/index.ts); tests may add the harnesses of src/engine/testing.',
      severity: 'error',
      from: { path: '^src/(features|app)/' },
      to: {
        path: '^src/engine/',
        pathNot: ['^src/engine/index\\.ts$', '^src/engine/testing/'],
      },
    },
    {
      name: 'harnesses-only-in-tests',
      comment:
        'src/engine/testing (memory hub, simulated time, the transport conformance suite) is for tests and benchmarks, never shipped code.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['\\.test\\.tsx?$', '^src/engine/testing/', '^src/server/testing/'],
      },
      to: { path: '^src/engine/testing/' },
    },
    {
      name: 'server-domain-no-routes',
      comment:
        'Server domain code (repositories, services, realtime, auth …) never imports src/server/routes: routes compose the domain, not the reverse. app.ts registers them; tests may use their types.',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: [
          '^src/server/routes/',
          '^src/server/app\\.ts$',
          '\\.test\\.ts$',
          '^src/server/testing/',
          '^src/server/realtime/test-socket\\.ts$',
        ],
      },
      to: { path: '^src/server/routes/' },
    },
    {
      name: 'routes-no-routes',
      comment:
        'A route file never imports another route file: what two routes share lives in a domain module (issue 25).',
      severity: 'error',
      from: { path: '^src/server/routes/[^/]+\\.ts$', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/routes/' },
    },
    {
      name: 'routes-no-db',
      comment:
        "Route files never touch src/server/db: every query lives in a domain repository that takes the caller's scope (issue 25).",
      severity: 'error',
      from: { path: '^src/server/routes/[^/]+\\.ts$', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/db/' },
    },
    {
      name: 'features-no-app',
      comment: 'Features are composed by app/, never the reverse.',
      severity: 'error',
      from: { path: '^src/features' },
      to: { path: '^src/app' },
    },
    {
      name: 'feature-public-surface',
      comment:
        'Another feature is reached only through its index.ts, or its queries.ts for the server state it owns.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/[^/]+/index\\.tsx?$',
          '^src/features/[^/]+/queries\\.ts$',
        ],
      },
    },
    {
      name: 'requests-from-api-only',
      comment:
        "Only api/ modules (and route loaders, and the query client) send requests: a view reads a feature's queries, errors come from lib/api-errors, the session from lib/api-session (issue 28).",
      severity: 'error',
      from: {
        path: '^src/(features|app)/',
        pathNot: [
          '/api/',
          '/api\\.ts$',
          '-loader\\.ts$',
          '^src/app/query-client\\.ts$',
          '\\.test\\.tsx?$',
        ],
      },
      to: { path: '^src/lib/api-client\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.web.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: ['^dist/', '^data/'] },
  },
};
