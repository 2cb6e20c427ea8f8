import { bodyId, MAX_BULK, nonBlank, z } from '../../core/schemas';

// Labels and squads are the same thing under two names: a per-project set of
// names, unique case-insensitively.

const names = z.array(nonBlank(100)).min(1, 'At least one name').max(MAX_BULK, `At most ${MAX_BULK} names`);

export const addLabelsBody = z.strictObject({ projectId: bodyId, labels: names });
export const addSquadsBody = z.strictObject({ projectId: bodyId, squads: names });

const common = { projectId: z.number().int(), createdAt: z.iso.datetime() };
export const labelRecord = z.object({ labelId: z.number().int(), labelName: z.string(), ...common });
export const squadRecord = z.object({ squadId: z.number().int(), squadName: z.string(), ...common });

export const editLabelBody = z.strictObject({ labelId: bodyId, labelName: nonBlank(100) });
export const editSquadBody = z.strictObject({ squadId: bodyId, squadName: nonBlank(100) });
export const deleteLabelBody = z.strictObject({ labelId: bodyId });
export const deleteSquadBody = z.strictObject({ squadId: bodyId });
export const labelDeleted = z.object({ labelId: z.number().int(), deleted: z.literal(true) });
export const squadDeleted = z.object({ squadId: z.number().int(), deleted: z.literal(true) });
