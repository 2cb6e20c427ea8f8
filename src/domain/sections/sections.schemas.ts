import { bodyId, nonBlank, z } from '../../core/schemas';

export const sectionRecord = z.object({
  sectionId: z.number().int(),
  sectionName: z.string(),
  parentSectionId: z.number().int().nullable(),
  /** 0 for a top-level section. */
  depth: z.number().int(),
  projectId: z.number().int(),
  createdAt: z.iso.datetime(),
});

export const addSectionBody = z.strictObject({
  projectId: bodyId,
  sectionName: nonBlank(200),
  parentSectionId: bodyId.nullable().optional(),
});
// parentSectionId here moves the section (null: to the top level); absent leaves it in place.
export const editSectionBody = z.strictObject({
  sectionId: bodyId,
  sectionName: nonBlank(200),
  parentSectionId: bodyId.nullable().optional(),
});
export const deleteSectionBody = z.strictObject({ sectionId: bodyId });
export const sectionDeleted = z.object({
  sectionId: z.number().int(),
  deleted: z.literal(true),
  parentSectionId: z.number().int().nullable(),
  movedTests: z.number().int(),
  movedSections: z.number().int(),
});

export type AddSectionInput = z.infer<typeof addSectionBody>;
export type EditSectionInput = z.infer<typeof editSectionBody>;
