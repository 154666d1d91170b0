import type { StateCode } from './enums.js';

/** The IANA zone of each jurisdiction; the ACT keeps Sydney time. Used to give every timestamp an offset. */
export const STATE_TIME_ZONES: Readonly<Record<StateCode, string>> = {
  nsw: 'Australia/Sydney',
  act: 'Australia/Sydney',
  vic: 'Australia/Melbourne',
  qld: 'Australia/Brisbane',
  sa: 'Australia/Adelaide',
  wa: 'Australia/Perth',
  tas: 'Australia/Hobart',
  nt: 'Australia/Darwin',
};
