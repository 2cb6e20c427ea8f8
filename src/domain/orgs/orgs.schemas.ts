import { nonBlank, queryId, z } from '../../core/schemas';

export const orgRecord = z.object({ orgId: z.number().int(), orgName: z.string(), createdAt: z.iso.datetime() });
export const orgDetailRecord = orgRecord.extend({ projectCount: z.number().int() });
export const orgDetailQuery = z.object({ orgId: queryId });
export const createOrgBody = z.strictObject({
  orgName: nonBlank(100).describe('Name of the organization, unique in the installation'),
});
