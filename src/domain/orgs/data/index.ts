export {
  ensureOrg,
  findOldestOrgId,
  findOrgByKey,
  findOrgId,
  findOrgWithProjectCount,
  insertOrg,
  listOrgsIn,
  lockOrg,
  type OrgKey,
} from './orgs';
export { orgsOwning, type OwnedRefs } from './owners';
export {
  deferOrgCounters,
  firstOrgSql,
  memberOrgsAmongSql,
  moveOrgCountersAtEnd,
  noteMemberOrgsChange,
  noteOrgAudit,
  noteOrgChange,
  orgCounterSql,
  orgsChangeSum,
  projectOrgSql,
} from './changes';
