import { tickTime, visiblePoolEntries, type FormatGenerator, type RenderOptions } from './types.js';
import {
  easedWarning,
  renderVicEvents,
  STATUS_PROGRESSIONS,
  syntheticVicEvents,
  type SyntheticVicEvent,
} from './vic-emv.js';

/** Ticks after which a warning is eased to Advice ("Threat Is Reduced"), then declared All Clear. */
export const WARNING_EASES_AFTER = 3;
export const WARNING_CLEARS_AFTER = 5;

/**
 * The pool entry as the document shows it `age` ticks after it appeared at `firstTick`: incidents move
 * through their agency's statuses (Responding → … → Safe), warnings ease and clear; `updated` is the
 * tick of the last change and `created` keeps the entry's own lead time before its first tick.
 */
export function eventAtAge(
  base: SyntheticVicEvent,
  age: number,
  firstTick: number,
  options: Pick<RenderOptions, 'startedAt' | 'tickMs'>,
): SyntheticVicEvent {
  const leadMs = base.updated.getTime() - base.created.getTime();
  const created = new Date(tickTime(options, firstTick).getTime() - leadMs);
  if (base.warning) {
    const step =
      age >= WARNING_CLEARS_AFTER
        ? WARNING_CLEARS_AFTER
        : age >= WARNING_EASES_AFTER
          ? WARNING_EASES_AFTER
          : 0;
    const warning = step === 0 ? base.warning : easedWarning(base.warning, step === WARNING_CLEARS_AFTER);
    return {
      ...base,
      category1: warning.level,
      status: warning.status,
      warning,
      created,
      updated: tickTime(options, firstTick + step),
    };
  }
  const progression = STATUS_PROGRESSIONS[base.kind];
  const step = Math.min(age, progression.length - 1);
  return {
    ...base,
    status: progression[step] ?? base.status,
    created,
    updated: tickTime(options, firstTick + step),
  };
}

function renderEvents(options: RenderOptions): string {
  const events = visiblePoolEntries(options, syntheticVicEvents).map(({ entry, age, firstTick }) =>
    eventAtAge(entry, age, firstTick, options),
  );
  return renderVicEvents(events, tickTime(options, options.tick));
}

export const VIC_GENERATORS: readonly FormatGenerator[] = [
  {
    format: 'vic-emv-events-geojson',
    contentType: 'application/json',
    render: renderEvents,
  },
];
