import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** Every doc a reader follows: the README first (it defines KEY), then docs/ in name order. */
export const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** A command line of a fenced shell block, continuations joined. */
export interface DocLine {
  /** `file:line` of its last line. */
  where: string;
  text: string;
}

const SHELL_BLOCKS = ['', 'sh', 'bash', 'shell', 'console'];

/** A line a reader types (not a comment, an output line or prose in an untyped block). */
const COMMAND = /^(npm|npx|curl|export|mkdir|mv|sha256sum|pg_dump|pg_restore|[A-Z_]+=\S)/;

/** The commands of every fenced shell block, in reading order: prompts (`$ `) taken off. */
export function docCommandLines(docs: readonly string[] = DOCS): DocLine[] {
  const found: DocLine[] = [];
  for (const file of docs) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    let block: string | undefined;
    let pending = '';
    lines.forEach((line, index) => {
      const fence = /^```(\w*)\s*$/.exec(line);
      if (fence) return void (block = block === undefined ? (fence[1] ?? '') : undefined);
      if (block === undefined || !SHELL_BLOCKS.includes(block)) return;
      const text = (pending + (/^\$ /.test(line) ? line.slice(2) : line)).trimEnd();
      if (text.endsWith('\\')) return void (pending = `${text.slice(0, -1)} `);
      pending = '';
      if (COMMAND.test(text.trim())) found.push({ where: `${file}:${index + 1}`, text: text.trim() });
    });
  }
  return found;
}
