// The layers of src/, lowest first. A module may import its own layer and the ones
// below it, never one above: config ← db ← core ← domain ← edge ← app ← entry points.
// `npm run lint` runs these rules; test/unit/layers.test.ts proves a back-import fails them.
const layers = [
  { name: 'config', path: '^src/(config|logger)\\.ts$' },
  { name: 'db', path: '^src/(db|generated|jobs)/' },
  { name: 'core', path: '^src/core/' },
  { name: 'domain', path: '^src/(domain|reports)/' },
  { name: 'edge', path: '^src/(http|auth|openapi)/' },
  { name: 'app', path: '^src/(app|server)\\.ts$' },
  { name: 'entry', path: '^src/(cli|mcp)/' },
];

const upward = layers.slice(0, -1).map((layer, i) => ({
  name: `no-import-up-from-${layer.name}`,
  comment: `${layer.name} sits below ${layers
    .slice(i + 1)
    .map((l) => l.name)
    .join(', ')}: it must not import them`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: layers.slice(i + 1).map((l) => l.path) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'transport-neutral-below-edge',
      comment: 'Only the edge (src/http, src/auth), the app and the entry points know HTTP frameworks',
      severity: 'error',
      from: { path: '^src/(config|logger|db|generated|core|domain|reports)' },
      to: { path: '^node_modules/(express|cookie-parser|passport|passport-oauth2|helmet|compression|pino-http|@types/express)/' },
    },
    {
      name: 'no-circular',
      comment: 'Cycles hide which module is the lower one',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/generated/' },
      to: { circular: true },
    },
    {
      name: 'no-src-to-test',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
