import type { Certainty, Severity, Urgency, WarningLevel } from '../../model/index.js';

export interface CapTriple {
  severity: Severity;
  urgency: Urgency;
  certainty: Certainty;
}

/**
 * The CAP triple for each Australian Warning System level, as VicEmergency's CAP warnings have
 * consistently paired them. The default wherever a feed carries only a warning level; plain incidents
 * with no warning are Unknown/Unknown/Observed.
 */
export const CAP_BY_WARNING_LEVEL: Readonly<Record<WarningLevel, CapTriple>> = {
  emergency_warning: { severity: 'Extreme', urgency: 'Immediate', certainty: 'Likely' },
  watch_and_act: { severity: 'Moderate', urgency: 'Immediate', certainty: 'Likely' },
  advice: { severity: 'Minor', urgency: 'Expected', certainty: 'Unknown' },
  none: { severity: 'Unknown', urgency: 'Unknown', certainty: 'Observed' },
};
