export { listLookupEntries, lookupNames } from './entries';
