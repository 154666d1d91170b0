import { dataLayout, type Settings } from '../config/index.js';
import { readManifest } from '../lake/manifest.js';
import { ensureDemoArchive } from './demo-archive.js';
import {
  builtFrom,
  demoInputsSwitch,
  demoInputsSwitchLine,
  lakeSourcesOf,
  readDemoInputs,
  recordDemoInputs,
  type DemoInputsRecord,
} from './demo-inputs.js';
import { requestDeclarationRefreshNow } from './declarations.js';
import type { ServiceLog } from './log.js';
import { connectTemporal, findTemporal } from './temporal-target.js';

/**
 * Brings a started demo's declarations and archive in line with the inputs it reads now: the first
 * run's archive load, or, for a folder built from the other inputs, a declaration refresh at once and
 * the matching archive loaded in place of the other. Records what the folder is built from as each
 * part is done, so a switch that did not finish is taken up again at the next start.
 */
export async function switchDemoInputs(
  settings: Settings,
  log: ServiceLog,
  current: Required<DemoInputsRecord>,
): Promise<void> {
  const file = dataLayout(settings.DATA_DIR).demoInputsFile;
  const lake = lakeSourcesOf(await readManifest(dataLayout(settings.DATA_DIR).lakeDir));
  const built = builtFrom(await readDemoInputs(file), lake);
  const change = demoInputsSwitch(built, current, lake);
  const line = demoInputsSwitchLine(change, settings.DATA_DIR);
  if (line) log.info(line);

  if (change.declarations?.to === 'shared') {
    const { client, close } = await connectTemporal(await findTemporal(settings));
    try {
      await requestDeclarationRefreshNow(client, settings);
    } finally {
      await close();
    }
  }
  // Real declarations are kept over made-up ones (the line above says how to switch back), so the
  // folder stays recorded as built from ../shared until it is started afresh.
  const declarations =
    change.declarations?.to === 'stand-ins' ? change.declarations.from : current.declarations;
  await recordDemoInputs(file, {
    declarations,
    ...(built.archive && !change.archive ? { archive: built.archive } : {}),
  });
  if (change.archive) {
    const archive = change.archive;
    await ensureDemoArchive(settings, log, archive, () => recordDemoInputs(file, { archive: archive.to }));
  }
}
