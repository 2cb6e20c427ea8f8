import { bodyId, nonBlank, queryId, z } from '../../core/schemas';

// A project's configurations: groups (Browser, OS) of ordered options (Chrome, Firefox); a test
// plan makes one run per combination of options, naming them by id (runs.configuration).

const int = z.number().int();

/** Options of one group. */
export const MAX_CONFIGURATION_OPTIONS = 50;
const optionName = nonBlank(100);

/** Names repeated in a list, compared case-insensitively: `<i>[.name]: Duplicate of options.<first>`. */
function uniqueNames<T>(nameOf: (item: T) => string, field?: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const first = new Map<string, number>();
    items.forEach((item, i) => {
      const key = nameOf(item).toLowerCase();
      const seen = first.get(key);
      if (seen === undefined) first.set(key, i);
      else ctx.addIssue({ code: 'custom', path: field ? [i, field] : [i], message: `Duplicate of options.${seen}` });
    });
  };
}

const optionList = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'At least one option').max(MAX_CONFIGURATION_OPTIONS, `At most ${MAX_CONFIGURATION_OPTIONS} options`);

export const addGroupBody = z
  .strictObject({
    projectId: bodyId,
    name: nonBlank(100).describe('The name of the group (Browser, OS), unique in the project compared case-insensitively'),
    options: optionList(optionName)
      .superRefine(uniqueNames((o: string) => o))
      .describe(`Its options in order, unique case-insensitively (1 to ${MAX_CONFIGURATION_OPTIONS})`),
  })
  .meta({ example: { projectId: 1, name: 'Browser', options: ['Chrome', 'Firefox', 'Safari'] } });
export type AddGroupInput = z.infer<typeof addGroupBody>;

const editedOption = z.strictObject({
  optionId: bodyId.optional().describe('An option of this group, kept (and renamed); absent: a new option'),
  name: optionName,
});

export const editGroupBody = z
  .strictObject({
    projectId: bodyId,
    groupId: bodyId,
    name: nonBlank(100).optional().describe('The new name of the group'),
    options: optionList(editedOption)
      .superRefine(uniqueNames((o: { name: string }) => o.name, 'name'))
      .superRefine((list, ctx) => {
        const first = new Map<number, number>();
        list.forEach((o, i) => {
          if (o.optionId === undefined) return;
          const seen = first.get(o.optionId);
          if (seen === undefined) first.set(o.optionId, i);
          else ctx.addIssue({ code: 'custom', path: [i, 'optionId'], message: `Duplicate of options.${seen}.optionId` });
        });
      })
      .optional()
      .describe(
        "The group's whole new list of options, in order: an entry with optionId keeps that option (renamed to name), one without adds an option, " +
          "and the group's options not listed are deleted (runs made with them keep their names)",
      ),
  })
  .meta({
    example: {
      projectId: 1,
      groupId: 2,
      options: [{ optionId: 5, name: 'Chrome' }, { optionId: 7, name: 'Safari' }, { name: 'Edge' }],
    },
  });
export type EditGroupInput = z.infer<typeof editGroupBody>;

export const groupIdBody = z.strictObject({ projectId: bodyId, groupId: bodyId });
export const configurationsQuery = z.object({ projectId: queryId });

export const configurationOption = z.object({
  optionId: int,
  name: z.string(),
  position: int.describe('Its place in the group, from 0'),
});

export const configurationGroup = z.object({
  groupId: int,
  projectId: int,
  name: z.string(),
  options: z.array(configurationOption).describe('In order of position'),
});
export type ConfigurationGroupRecord = z.infer<typeof configurationGroup>;

export const configurationList = z.object({
  groups: z.array(configurationGroup).describe('By name, then id'),
});

export const groupDeleted = z.object({ groupId: int, deleted: z.literal(true) });
