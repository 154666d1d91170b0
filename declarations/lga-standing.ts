import {
  JURISDICTION_NAMES,
  JURISDICTIONS_WITH_STATE_INSTRUMENTS,
  STATE_INSTRUMENT_TYPES,
  type CurrencyHorizons,
  type DeclarationRecord,
  type DeclarationRecordView,
  type InstrumentType,
  type Jurisdiction,
  type LgaDeclarationDetail,
  type LgaMatchStatus,
  type LgaRef,
} from '../model/index.js';
import { recordStanding, type RecordStanding } from './currency.js';
import { byStartDescending, toRecordView } from './record-view.js';

/** A SAL-level record and how much of the suburbs in question it names. */
export interface SalCoverage {
  record: DeclarationRecord;
  /** `all`: every suburb in question is one it names; `some`: others are not, or which is unknown. */
  coverage: 'all' | 'some';
}

export interface LgaQuestion {
  lga: LgaRef;
  lgaRecords: readonly DeclarationRecord[];
  salRecords: readonly SalCoverage[];
  asAt: string;
  horizons: CurrencyHorizons;
  /** Trim the record list to active records (the status still weighs every record). */
  includeExpired: boolean;
  instrumentType?: InstrumentType;
  addressShare: number | null;
  suburbs: string[];
}

const isStateInstrument = (record: DeclarationRecord) =>
  STATE_INSTRUMENT_TYPES.includes(record.instrumentType);

function label(record: DeclarationRecord): string {
  const kind = isStateInstrument(record)
    ? `${JURISDICTION_NAMES[record.jurisdiction]} declaration`
    : 'DRFA activation';
  const area = record.area.type === 'sal' ? ` for ${record.area.name} only` : '';
  return `${kind} AGRN ${record.agrn}${area}`;
}

function publishesStateInstruments(jurisdiction: Jurisdiction): boolean {
  return JURISDICTIONS_WITH_STATE_INSTRUMENTS.includes(jurisdiction);
}

/**
 * One LGA's standing on a date. In order: an active state instrument → `declared`; a state instrument
 * of unconfirmable currency → `uncertain`; an active DRFA activation covering the area → `activation_only`;
 * a DRFA activation of unconfirmable currency, or one naming only some of the suburbs in question →
 * `uncertain`; else `not_declared`. Records starting after the date play no part.
 */
export function lgaStanding(question: LgaQuestion): LgaDeclarationDetail {
  const { lga } = question;
  const weighed = weighRecords(question);
  const { status, reasons } = decideStatus(weighed, question.asAt);
  if (!publishesStateInstruments(lga.jurisdiction)) {
    reasons.push(
      `${JURISDICTION_NAMES[lga.jurisdiction]} publishes no register of state declarations that this service reads: only DRFA activations are checked, so this LGA is never answered as declared.`,
    );
  }

  const views: DeclarationRecordView[] = weighed
    .map(({ record, standing }) => toRecordView(record, standing))
    .sort(byStartDescending);
  const shown = views.filter(
    (view) =>
      (question.includeExpired || view.status === 'active') &&
      (!question.instrumentType || view.instrumentType === question.instrumentType),
  );
  return {
    code: lga.code,
    name: lga.name,
    jurisdiction: lga.jurisdiction,
    status,
    reasons,
    addressShare: question.addressShare,
    suburbs: question.suburbs,
    stateInstrumentsPublished: publishesStateInstruments(lga.jurisdiction),
    records: shown,
    hiddenRecords: views.length - shown.length,
  };
}

/** A record with its standing on the date, and whether it names only some of the suburbs in question. */
interface WeighedRecord {
  record: DeclarationRecord;
  standing: RecordStanding;
  partial: boolean;
}

/** Every record of the LGA and its suburbs with its standing; those not yet started are left out. */
function weighRecords({ lgaRecords, salRecords, asAt, horizons }: LgaQuestion): WeighedRecord[] {
  return [
    ...lgaRecords.map((record) => ({ record, partial: false })),
    ...salRecords.map(({ record, coverage }) => ({ record, partial: coverage === 'some' })),
  ]
    .map((entry) => ({ ...entry, standing: recordStanding(entry.record, asAt, horizons) }))
    .filter(({ standing }) => standing.currency !== 'not_started');
}

/** The status the weighed records give, in the order of precedence above, and the reasons for it. */
function decideStatus(
  weighed: readonly WeighedRecord[],
  asAt: string,
): { status: LgaMatchStatus; reasons: string[] } {
  const find = (state: boolean, currencies: string[], partial: boolean) =>
    weighed.filter(
      (entry) =>
        isStateInstrument(entry.record) === state &&
        currencies.includes(entry.standing.currency) &&
        entry.partial === partial,
    );
  const active = ['current', 'presumed_current'];
  const activeState = find(true, active, false);
  const unconfirmedState = find(true, ['unconfirmed'], false);
  const activeDrfa = find(false, active, false);
  const unconfirmedDrfa = find(false, ['unconfirmed'], false);
  const partialDrfa = find(false, [...active, 'unconfirmed'], true);

  const reasons: string[] = [];
  const say = (entries: readonly WeighedRecord[], text: string) => {
    for (const { record, standing } of entries) reasons.push(`${label(record)} ${text}: ${standing.note}`);
  };
  if (activeState.length > 0) {
    say(activeState, 'is in force');
    return { status: 'declared', reasons };
  }
  if (unconfirmedState.length > 0) {
    say(unconfirmedState, 'may still be in force');
    say(activeDrfa, 'is in force');
    return { status: 'uncertain', reasons };
  }
  if (activeDrfa.length > 0) {
    say(activeDrfa, 'is in force');
    reasons.push('No state declaration in force was found for this LGA.');
    return { status: 'activation_only', reasons };
  }
  if (unconfirmedDrfa.length > 0 || partialDrfa.length > 0) {
    say(unconfirmedDrfa, 'may still be in force');
    say(partialDrfa, 'names part of this LGA; give the suburb to tell whether the address is in it');
    return { status: 'uncertain', reasons };
  }
  reasons.push(`No declaration or activation in force on ${asAt} was found for this LGA.`);
  return { status: 'not_declared', reasons };
}
