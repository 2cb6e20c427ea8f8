export { insertNames, labelKind, listNameRecords, nameMap, squadKind, type NameRecord, type NameSetKind } from './names';
