import { gaugeSourceByName } from '../../config/gauge-sources.js';
import { readingStatus } from '../../gauges/index.js';
import { floodThresholdsOf } from '../../lake/gauge-rows.js';
import { filesOf } from '../../lake/manifest.js';
import type {
  FloodClass,
  FloodThresholds,
  GaugeDatum,
  GaugeReading,
  GaugeSourceName,
  GaugeVariable,
  ReadingStatus,
  StateCode,
} from '../../model/index.js';
import { formatAtOffset } from '../../model/time/fixed-offset.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';

/** A gauge as the API shows it. */
export interface GaugeView {
  id: string;
  source: GaugeSourceName;
  stationNo: string;
  name: string;
  state: StateCode | null;
  lga: string | null;
  lgaName: string | null;
  latitude: number | null;
  longitude: number | null;
  variable: GaugeVariable;
  unit: string;
  datum: GaugeDatum | null;
  latest: GaugeReading | null;
  thresholds: FloodThresholds | null;
  floodClass: FloodClass | null;
  readingStatus: ReadingStatus;
  stalenessHorizonHours: number;
}

/** What the catalogue holds per gauge: the view without its clock-dependent status. */
export type CatalogueGauge = Omit<GaugeView, 'readingStatus'> & { latestMs: number | null };

/**
 * A view's JSON text, made the first time an answer needs it: views are made once a second and shared
 * by that second's requests (GaugeCatalogue.viewsAt), so their text is too.
 */
const viewTexts = new WeakMap<GaugeView, string>();

export function viewJson(view: GaugeView): string {
  let text = viewTexts.get(view);
  if (text === undefined) {
    text = JSON.stringify(view);
    viewTexts.set(view, text);
  }
  return text;
}

/** The status at `nowMs`: the one field of a gauge that moves with the clock. */
export function viewAt(gauge: CatalogueGauge, nowMs: number): GaugeView {
  const { latestMs: _latestMs, ...rest } = gauge;
  return { ...rest, readingStatus: readingStatus(gauge.latest?.time, nowMs, gauge.stalenessHorizonHours) };
}

/**
 * The active gauges of the serving generation, in memory (thousands of small records), sorted by id.
 * Loaded from gauges_latest when the manifest names a new file, off no request but the first after it.
 */
export class GaugeCatalogue {
  private loaded: { path: string; gauges: CatalogueGauge[]; byId: Map<string, CatalogueGauge> } | undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly store: ServingStore) {}

  private views:
    | {
        gauges: readonly CatalogueGauge[];
        second: number;
        views: GaugeView[];
        byVariable: Map<GaugeVariable, GaugeView[]>;
      }
    | undefined;

  async gauges(): Promise<readonly CatalogueGauge[]> {
    await this.refresh();
    return this.loaded?.gauges ?? [];
  }

  /**
   * Every gauge as shown at `nowMs`, in id order. Statuses are taken at the whole second (reading times
   * are whole seconds), so all the requests of one second share one pass over the catalogue.
   */
  async viewsAt(nowMs: number): Promise<readonly GaugeView[]> {
    return (await this.viewsOfSecond(nowMs)).views;
  }

  /** The gauges of one variable as shown at `nowMs`, in id order (the list's index: it always names one). */
  async viewsOf(nowMs: number, variable: GaugeVariable): Promise<readonly GaugeView[]> {
    return (await this.viewsOfSecond(nowMs)).byVariable.get(variable) ?? [];
  }

  private async viewsOfSecond(nowMs: number) {
    const gauges = await this.gauges();
    const second = Math.floor(nowMs / 1000) * 1000;
    if (this.views?.gauges !== gauges || this.views.second !== second) {
      const views = gauges.map((gauge) => viewAt(gauge, second));
      const byVariable = new Map<GaugeVariable, GaugeView[]>();
      for (const view of views) {
        const same = byVariable.get(view.variable);
        if (same) same.push(view);
        else byVariable.set(view.variable, [view]);
      }
      this.views = { gauges, second, views, byVariable };
    }
    return this.views;
  }

  async byId(id: string): Promise<CatalogueGauge | undefined> {
    await this.refresh();
    return this.loaded?.byId.get(id);
  }

  private async refresh(): Promise<void> {
    const [file] = filesOf(this.store.manifest, 'gauges_latest');
    if (!file) {
      this.loaded = undefined;
      return;
    }
    if (this.loaded?.path === file.path) return;
    this.loading ??= this.load(file.path, this.store.filesRelation('gauges_latest', [file])).finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  private async load(path: string, relation: string): Promise<void> {
    const rows = await this.store.query(
      `SELECT * EXCLUDE (latest_time), epoch_ms(latest_time)::DOUBLE AS latest_ms FROM ${relation} ORDER BY id`,
    );
    const gauges = rows.map(toCatalogueGauge);
    this.loaded = { path, gauges, byId: new Map(gauges.map((gauge) => [gauge.id, gauge])) };
  }
}

/** A gauges_latest row (with `latest_ms`, epoch ms of latest_time) as the catalogue holds it. */
export function toCatalogueGauge(row: Record<string, unknown>): CatalogueGauge {
  const source = row.source as GaugeSourceName;
  const latestMs = row.latest_ms === null ? null : Number(row.latest_ms);
  const thresholds = floodThresholdsOf(row);
  return {
    id: row.id as string,
    source,
    stationNo: row.station_no as string,
    name: row.name as string,
    state: row.state as StateCode | null,
    lga: row.lga as string | null,
    lgaName: row.lga_name as string | null,
    latitude: row.latitude as number | null,
    longitude: row.longitude as number | null,
    variable: row.variable as GaugeVariable,
    unit: row.unit as string,
    datum: row.datum as GaugeDatum | null,
    latest:
      latestMs === null
        ? null
        : {
            time: formatAtOffset(latestMs, Number(row.latest_offset)),
            value: row.latest_value as number,
            quality: row.latest_quality as string | null,
          },
    latestMs,
    thresholds,
    floodClass: row.flood_class as FloodClass | null,
    stalenessHorizonHours: gaugeSourceByName(source)?.stalenessHorizonHours ?? 24,
  };
}
