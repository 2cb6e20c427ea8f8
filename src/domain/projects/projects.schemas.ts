import { nextCursorField, queryCursor } from '../../core/cursor';
import { defectUrlTemplate } from '../defects/defect-links';
import { bodyId, nonBlank, optionalText, queryBoolean, queryId, queryInt, z } from '../../core/schemas';

export const projectRecord = z.object({
  projectId: z.number().int(),
  orgId: z.number().int(),
  projectName: z.string(),
  projectDescription: z.string().nullable(),
  isActive: z.boolean(),
  defectUrlTemplate: z.string().nullable().describe("Where results' defect ids link to ({id} replaced by the id); null: not linked"),
  createdBy: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export const projectDetailRecord = projectRecord.extend({ testCount: z.number().int(), runCount: z.number().int() });

export const listProjectsQuery = z.object({
  orgId: queryId,
  page: queryInt(1, Number.MAX_SAFE_INTEGER).default(1),
  pageSize: queryInt(1, 1000).default(100),
  isActive: queryBoolean.optional(),
  cursor: queryCursor.optional(),
});
export const projectPage = z.object({
  projects: z.array(projectRecord),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: nextCursorField,
});

export const projectIdQuery = z.object({ projectId: queryId });

export const createProjectBody = z.strictObject({
  orgId: bodyId,
  projectName: nonBlank(200),
  projectDescription: optionalText(),
});
export const editProjectBody = z.strictObject({
  projectId: bodyId,
  projectName: nonBlank(200).optional(),
  projectDescription: optionalText(),
  defectUrlTemplate: defectUrlTemplate.optional(),
});
export const projectStatusBody = z.strictObject({ projectId: bodyId, isActive: z.boolean() });
export const projectIdBody = z.strictObject({ projectId: bodyId });
export const projectDeleted = z.object({ projectId: z.number().int(), deleted: z.literal(true) });

export type CreateProjectInput = z.infer<typeof createProjectBody>;
export type EditProjectInput = z.infer<typeof editProjectBody>;
