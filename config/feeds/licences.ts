/** Licences several agencies publish under, as the catalogue records them. */

export const CC_BY_4_0 = {
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
} as const;
