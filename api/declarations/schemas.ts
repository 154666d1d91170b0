import { z } from '@hono/zod-openapi';
import {
  DECLARATION_RECORD_STATUSES,
  DECLARATION_SOURCES,
  DISASTER_TYPES,
  DRFA_CATEGORIES,
  FEED_ERROR_KINDS,
  FEED_STATUSES,
  INSTRUMENT_TYPES,
  JURISDICTIONS,
  MATCH_STATUSES,
  POINT_MATCH_STATUSES,
  RECORD_CURRENCIES,
  type DeclarationSourceId,
} from '../../model/index.js';

/** Response shapes of the declaration endpoints (model/declaration-results.ts), for the OpenAPI document. */

const sourceIds = Object.keys(DECLARATION_SOURCES) as [DeclarationSourceId, ...DeclarationSourceId[]];
const isoDate = z.string().openapi({ format: 'date', example: '2025-06-01' });

export const DISCLAIMER =
  'Declared-area status only, from published sources that may be delayed or incomplete; any billing or eligibility decision rests with the practitioner.';

const Horizons = z
  .object({
    presumedCurrentDays: z.number().int(),
    unconfirmedUntilDays: z.number().int(),
  })
  .openapi('CurrencyHorizons', {
    description:
      'Open-ended records count as current this many days from their start, then as unconfirmable until the second figure, then as lapsed (docs/adr/0012).',
  });

/** What a record and a list item both say of the instrument (declaration or activation) itself. */
const instrumentFields = {
  id: z.string(),
  agrn: z.number().int(),
  instrumentType: z.enum(INSTRUMENT_TYPES),
  jurisdiction: z.enum(JURISDICTIONS),
  eventName: z.string(),
  disasterTypes: z.array(z.enum(DISASTER_TYPES)),
};

const RecordView = z
  .object({
    ...instrumentFields,
    area: z.object({
      type: z.enum(['lga', 'sal']),
      code: z.string().openapi({ description: 'ABS LGA 2022 or SAL 2021 code' }),
      name: z.string(),
    }),
    startDate: isoDate,
    endDate: isoDate.nullable(),
    status: z.enum(DECLARATION_RECORD_STATUSES),
    currency: z.enum(RECORD_CURRENCIES),
    currencyNote: z.string(),
    drfaCategories: z.array(z.enum(DRFA_CATEGORIES)).nullable(),
    assistance: z.string().nullable(),
    source: z.enum(sourceIds),
    sourceName: z.string(),
    sourceUrl: z.string().openapi({ description: 'The official page or dataset the record came from' }),
  })
  .openapi('DeclarationRecord');

const LgaDetail = z
  .object({
    code: z.string().openapi({ description: 'ABS LGA 2022 code' }),
    name: z.string(),
    jurisdiction: z.enum(JURISDICTIONS),
    status: z.enum(['declared', 'activation_only', 'uncertain', 'not_declared']),
    reasons: z.array(z.string()),
    addressShare: z.number().nullable(),
    suburbs: z.array(z.string()),
    stateInstrumentsPublished: z.boolean(),
    records: z.array(RecordView),
    hiddenRecords: z.number().int(),
  })
  .openapi('LgaDeclarationDetail');

const LookupNotes = z.array(z.string()).openapi({
  description:
    'Caveats of the answer: how suburbs were placed, which states publish no register, and, when the boundaries are made-up stand-ins (a demo without the real files), that the LGAs, suburbs and postcodes are made up.',
});

export const PostcodeResult = z
  .object({
    postcode: z.string(),
    asAt: isoDate,
    matchStatus: z.enum(MATCH_STATUSES),
    lgas: z.array(LgaDetail),
    narrowing: z
      .object({
        requested: z.string(),
        applied: z.boolean(),
        reason: z.string(),
        matchedSuburbs: z.array(z.string()),
        knownSuburbs: z.array(z.string()),
      })
      .optional()
      .openapi({ description: 'Present when a suburb was given.' }),
    horizons: Horizons,
    notes: LookupNotes,
    disclaimer: z.string(),
  })
  .openapi('PostcodeDeclarations');

export const PointResult = z
  .object({
    asAt: isoDate,
    status: z.enum(POINT_MATCH_STATUSES),
    onBoundary: z.boolean(),
    lgas: z.array(LgaDetail),
    horizons: Horizons,
    notes: LookupNotes,
    disclaimer: z.string(),
  })
  .openapi('PointDeclarations', { description: 'Never carries the coordinates asked about.' });

const ListItem = z
  .object({
    ...instrumentFields,
    startDate: isoDate,
    endDate: isoDate.nullable(),
    status: z.enum(DECLARATION_RECORD_STATUSES),
    currency: z.enum(RECORD_CURRENCIES),
    lgaCount: z.number().int(),
    localityCount: z.number().int(),
    drfaCategories: z.array(z.enum(DRFA_CATEGORIES)).nullable(),
    source: z.enum(sourceIds),
    sourceName: z.string(),
    sourceUrl: z.string(),
  })
  .openapi('DeclarationListItem');

export const ListPage = z
  .object({
    items: z.array(ListItem),
    meta: z.object({
      count: z.number().int(),
      activeOn: isoDate,
      nextCursor: z.string().nullable(),
      horizons: Horizons,
    }),
    links: z.object({
      self: z.string(),
      next: z
        .string()
        .optional()
        .openapi({ description: 'The next page (carries cursor); absent on the last page.' }),
    }),
    disclaimer: z.string(),
  })
  .openapi('DeclarationList');

export const AgrnResult = z
  .object({
    agrn: z.number().int(),
    asAt: isoDate,
    eventNames: z.array(z.string()),
    jurisdictions: z.array(z.enum(JURISDICTIONS)),
    disasterTypes: z.array(z.enum(DISASTER_TYPES)),
    startDate: isoDate,
    instruments: z.array(ListItem),
    lgas: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        jurisdiction: z.enum(JURISDICTIONS),
        records: z.array(RecordView),
      }),
    ),
    localities: z.array(
      z.object({
        salCode: z.string(),
        name: z.string(),
        jurisdiction: z.enum(JURISDICTIONS),
        lgaCodes: z.array(z.string()),
        records: z.array(RecordView),
      }),
    ),
    horizons: Horizons,
    disclaimer: z.string(),
  })
  .openapi('AgrnDetail');

const SourceRefresh = z
  .object({
    status: z.enum(FEED_STATUSES),
    lastAttempt: z.string().nullable(),
    lastSuccess: z.string().nullable(),
    lastOutcome: z.enum(['published', 'unchanged', 'guarded', 'failed']).nullable(),
    consecutiveFailures: z.number().int(),
    errorCount: z.number().int(),
    lastError: z.object({ kind: z.enum(FEED_ERROR_KINDS), message: z.string() }).nullable(),
  })
  .openapi('DeclarationSourceRefresh', {
    description:
      'The refresher’s view of the source. A failed or held-back refresh (retraction-guard: it would have dropped over half the records) publishes nothing: the served records stay those of the last good refresh.',
  });

export const SourcesResult = z
  .object({
    available: z.boolean().openapi({ description: 'Whether lookups can be answered now.' }),
    unavailableReason: z.string().nullable(),
    generation: z.number().int().nullable(),
    boundaryVersion: z.string().nullable(),
    refresher: z
      .object({
        status: z.enum(FEED_STATUSES),
        refreshes: z.number().int(),
        lastRefresh: z.string().nullable(),
        stuck: z.string().nullable().openapi({
          description:
            'Why the refresher cannot run (its workflow task keeps failing; status is then down); null when it runs.',
        }),
      })
      .nullable()
      .openapi({ description: 'Null until the refresher has recorded its health once.' }),
    sources: z.array(
      z.object({
        source: z.enum(sourceIds),
        name: z.string(),
        publisher: z.string(),
        url: z.string(),
        licence: z.string(),
        instrumentType: z.enum(INSTRUMENT_TYPES),
        served: z
          .object({
            fetchedAt: z.string(),
            records: z.number().int(),
            rejected: z.number().int(),
            contentSha256: z.string(),
            unmappedHazards: z.array(z.string()),
            documents: z.array(z.object({ url: z.string(), sha256: z.string() })),
          })
          .nullable()
          .openapi({ description: 'What is being served; null before the first good refresh.' }),
        refresh: SourceRefresh.nullable(),
      }),
    ),
  })
  .openapi('DeclarationSources');
