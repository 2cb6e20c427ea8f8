export {
  csvColumns,
  labelColumns,
  referenceColumns,
  stepsSql,
  versionSql,
  testColumns,
  type CsvColumn,
  type Reference,
  type TestColumn,
  type TestRecord,
} from './columns';
export { catalogWhere, type CatalogWhere } from './filters';
export { deriveMissingFieldValues, dropFieldValues, fieldFilterConditions, fieldValuesOutOfStep } from './field-values';
export { statusHistoryPage, testHistoryVersionSql, type StatusHistoryPage } from './history';
export { heldAutomationKey } from './keys';
export { lockLiveTestsInOrgs, lockLiveTestsOfProject } from './locks';
export { recountLiveTests } from './counter';
export {
  catalogJsonBatch,
  catalogPage,
  catalogPageOf,
  catalogPageSql,
  catalogTotal,
  type CatalogPage,
  findLiveTestDetails,
  findLiveTestInOrgs,
  liveTestExists,
  type CatalogBatch,
} from './read';
export { findReferencedRows, referenceTables, type ReferencedRow } from './references';
export { insertTests, moveSectionTests, softDeleteTests, testsWithMoreLabels, updateTests } from './write';
export { insertImportedTests, liveTestIds, testIdsByAutomationKey, type ImportedTest } from './import';
export { lockTestStamp, testStampSql } from './stamp';
export { usageText, valueUsage, type ValueRef, type ValueUsage } from './usage';
export {
  findVersion,
  keepBaseVersions,
  latestVersion,
  recordVersions,
  testVersionsVersionSql,
  versionPage,
  VERSIONED_FIELDS,
  type VersionEntry,
} from './versions';
