import { z } from '../../core/schemas';

export const lookupEntry = z.object({ id: z.number().int(), name: z.string() });
