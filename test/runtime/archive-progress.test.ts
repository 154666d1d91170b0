import { describe, expect, it } from 'vitest';
import { archiveLoadItem } from '../../api/pages/status-page.js';
import { NO_COUNTS, type ArchiveLoadProgress } from '../../model/index.js';
import { renderProgress } from '../../runtime/progress-bar.js';
import { ARCHIVE_LOAD_WORKFLOW } from '../../runtime/watched-workflows.js';

const STARTED = Date.parse('2026-11-29T00:00:00Z');

function progress(changes: Partial<ArchiveLoadProgress>): ArchiveLoadProgress {
  return {
    loadId: 'load-1',
    file: 'archive.csv',
    format: 'interchange',
    source: 'aidr',
    mode: 'bulk',
    phase: 'reading',
    startedAt: new Date(STARTED).toISOString(),
    totalBytes: 400_000_000,
    counts: NO_COUNTS,
    problems: [],
    resumedAt: [],
    ...changes,
  };
}

const line = (p: ArchiveLoadProgress, seconds: number) =>
  renderProgress(ARCHIVE_LOAD_WORKFLOW.snapshot(p, STARTED + seconds * 1000));

describe('an archive load as its watchers show it', () => {
  it('shows a bulk pass as under way, never as 0 rows, in the CLI and on the status page', () => {
    const bulk = progress({});
    expect(line(bulk, 150)).toMatch(/loading in bulk · rows counted when it ends · 2 m 30 s elapsed$/);
    expect(line(bulk, 150)).not.toMatch(/\b0 rows/);
    const item = archiveLoadItem('archive-load-1', bulk, '').toString();
    expect(item).toContain('loading aidr in bulk (records counted when the pass ends)');
    expect(item).toContain('<progress max="400000000"></progress> 400 MB');
    expect(item).not.toMatch(/0 records|0%/);
  });

  it('shows the counts once the pass has ended, and a streaming load as it goes', () => {
    const counts = { ...NO_COUNTS, rowsRead: 1_200_000, records: 1_199_000, bytesRead: 100_000_000 };
    expect(line(progress({ phase: 'writing', counts }), 60)).toMatch(
      /writing · 1,200,000 rows · 20,000 rows\/s · 1 m 00 s elapsed$/,
    );
    const streaming = progress({ mode: 'streaming', counts });
    expect(line(streaming, 60)).toMatch(/\] 25% · reading · 1,200,000 rows · .* ETA 3 m 00 s/);
    const item = archiveLoadItem('archive-load-1', streaming, '').toString();
    expect(item).toContain('reading, 1,199,000 records of aidr');
    expect(item).toContain('25% of 400 MB');
  });
});
