import { SCALAR_FIELDS, SOCIAL_NETWORKS } from './company-record';

/**
 * The fields whose changes a monitor may watch: the facts a refresh compares (packages/pipeline:
 * change-detection.ts), with `socialProfiles` for every profile or `socialProfiles.<network>`
 * for one.
 */
export const WATCHABLE_FIELDS: readonly string[] = [
  ...SCALAR_FIELDS,
  'foundedYear',
  'technologies',
  'socialProfiles',
  ...SOCIAL_NETWORKS.map((network) => `socialProfiles.${network}`),
];
