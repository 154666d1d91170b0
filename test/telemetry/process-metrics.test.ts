import { describe, expect, it } from 'vitest';
import { collectProcessMetrics, renderMetrics } from '../../telemetry/metrics.js';

describe('collectProcessMetrics', () => {
  it('exports Node’s own figures, but none whose reading walks every open handle', async () => {
    collectProcessMetrics();
    const names = new Set(
      (await renderMetrics())
        .split('\n')
        .filter((line) => line.startsWith('# TYPE '))
        .map((line) => line.split(' ')[2]),
    );
    expect(names).toContain('eids_process_cpu_user_seconds_total');
    expect(names).toContain('eids_nodejs_eventloop_lag_p99_seconds');
    expect(names).toContain('eids_nodejs_heap_size_used_bytes');
    for (const walked of [
      'eids_process_open_fds',
      'eids_nodejs_active_handles',
      'eids_nodejs_active_resources',
    ])
      expect(names).not.toContain(walked);
  });
});
