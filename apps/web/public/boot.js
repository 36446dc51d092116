// The CSP has no 'unsafe-eval' (ADR 0010). zod compiles fast object parsers
// with new Function unless told not to, and probes for it with Function('')
// as soon as the first object schema is built; jitless skips both. zod reads
// this global when it loads, so it is set here, before any module of the app.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
