export {
  deleteLookupEntry,
  findLookupInOrgs,
  insertLookup,
  listLookupEntries,
  lockLookupEntry,
  lockLookups,
  lookupNames,
  lookupNameTaken,
  renameLookup,
} from './entries';
