// A project's sections, labels, squads and lookup lists, as every screen of a project reads them,
// and the page that administers them.
export { useLabels } from './api/get-labels';
export { useLookup, useProjectLookups, type LookupKind } from './api/get-lookups';
export { useSections, type Section } from './api/get-sections';
export { useSquads } from './api/get-squads';
export { metadataKeys } from './api/query-keys';
export { MetadataPage } from './components/metadata-page';
