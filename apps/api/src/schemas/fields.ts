import { fieldSelectionParam } from '@enrich/record';
import { z } from 'zod';

// `fields=name,industry,socialProfiles.linkedin` on every answer that carries company records
// (the poll, the lookup, search results, batch items, the job event stream); parsed by the
// record's own definition, so an unknown field is a 400 naming it.
export const fieldsShape = { fields: fieldSelectionParam.optional() };
export const fieldsQuerySchema = z.object(fieldsShape);
