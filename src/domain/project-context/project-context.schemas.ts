import { z } from '../../core/schemas';
import { FIELD_TYPES } from '../custom-fields/custom-fields.schemas';
import { milestoneStatus } from '../milestones/milestones.schemas';

// GET /project/context: what an assistant needs to know of a project before it
// reads or writes its tests, in one answer (sections as paths, the names tests
// refer to by id, the fields, configurations, milestones and members).

const int = z.number().int();
const entry = z.object({ id: int, name: z.string() });

export const projectContext = z.object({
  projectId: int,
  projectName: z.string(),
  isActive: z.boolean(),
  sections: z
    .array(z.object({ sectionId: int, path: z.string().describe('`Checkout > Payments`') }))
    .describe('Every section, in tree order'),
  labels: z.array(entry),
  squads: z.array(entry),
  lookups: z
    .object({
      priority: z.array(entry),
      type: z.array(entry),
      automationStatus: z.array(entry),
      platform: z.array(entry),
      testCoveredBy: z.array(entry),
    })
    .describe("The ids a test's priorityId, typeId, automationStatusId, platformId and testCoveredById take, each list in its order"),
  customFields: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      type: z.enum(FIELD_TYPES),
      appliesTo: z.enum(['test', 'result']),
      options: z.array(z.string()),
      required: z.boolean(),
    }),
  ),
  configurations: z
    .array(z.object({ groupId: int, name: z.string(), options: z.array(z.object({ optionId: int, name: z.string() })) }))
    .describe('Configuration groups (Browser, OS) by name, each with its options in order'),
  milestones: z
    .array(
      z.object({
        milestoneId: int,
        name: z.string(),
        status: milestoneStatus,
        dueDate: z.string().nullable().describe('YYYY-MM-DD'),
        parentId: int.nullable(),
      }),
    )
    .describe('Open ones first, then by due date (none last)'),
  plans: z
    .array(z.object({ planId: int, name: z.string(), milestoneId: int.nullable(), locked: z.boolean() }))
    .describe('Test plans, newest first'),
  members: z
    .array(z.object({ userId: int, name: z.string(), email: z.string() }))
    .describe("The members of the project's organization: who tests may be assigned to"),
});
export type ProjectContext = z.infer<typeof projectContext>;
