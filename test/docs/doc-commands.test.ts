import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startClientTestApi } from '../client/client-test-api.js';
import { docCommandLines, ROOT } from './doc-blocks.js';

const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);

interface Command {
  where: string;
  text: string;
  words: string[];
}

/**
 * A line's words, quotes taken off, with `|`, `&&`, `;` and `$(` as words of their own. (Written
 * here: the shell-quote package declares a global `Array.join` type that breaks others' code.)
 */
function shellWords(line: string): string[] {
  const words =
    line.match(
      /'[^']*'|"(?:[^"\\]|\\.)*"|\$\(|&&|\|\||[|;()]|[^\s'"|;()]+(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s'"|;()]+)*/g,
    ) ?? [];
  return words.map((word) => word.replace(/^'(.*)'$/s, '$1').replace(/^"(.*)"$/s, '$1'));
}

/** Parameters a doc sends on purpose to show the refusal (docs/api.md: the misspelt filter's 400). */
const SHOWN_REFUSED = ['stat'];

const OPERATORS = new Set(['|', '||', '&&', ';', '$(', '(', ')']);

/** The commands of every fenced shell block (doc-blocks.ts), as words. */
function documentedCommands(): Command[] {
  return docCommandLines()
    .filter(({ text }) => /^(npm|curl|export|[A-Z_]+=\S+ (npm|npx))\b/.test(text))
    .map(({ where, text }) => ({ where, text, words: shellWords(text) }));
}

/** Each simple command of a line (split at pipes, `&&`, `;` and `$(…)`), as words. */
function simpleCommands(words: string[]): string[][] {
  const commands: string[][] = [[]];
  for (const word of words) {
    if (OPERATORS.has(word)) commands.push([]);
    else commands.at(-1)!.push(word);
  }
  return commands.filter((command) => command.length > 0);
}

interface Document {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}

/** The operation a documented URL calls, by the document's templates; undefined for none. */
function operationOf(document: Document, method: string, path: string) {
  for (const [template, operations] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{path\}/, '.+').replace(/\{\w+\}/g, '[^/]+')}$`);
    if (pattern.test(path)) return operations[method.toLowerCase()];
  }
  return undefined;
}

/**
 * The commands the docs print, checked against what they call without running them: every `npm run`
 * names a script of package.json, and every `curl` calls an operation of the served OpenAPI document,
 * with its method and only the query parameters it declares. (The service's pages and the replay
 * server's `/_replay` control are not API operations: those lines name them, below.)
 */
describe('the commands the docs print', () => {
  let document: Document;
  const commands = documentedCommands();

  beforeAll(async () => {
    const api = await startClientTestApi();
    document = (await (await fetch(`${api.base}/v1/openapi.json`)).json()) as Document;
    await api.close();
  });

  it('finds the docs’ commands', () => {
    expect(commands.filter((c) => /^curl\b/.test(c.text.trim())).length).toBeGreaterThan(10);
    expect(commands.filter((c) => /\bnpm run\b/.test(c.text)).length).toBeGreaterThan(20);
  });

  it('runs only scripts package.json has', () => {
    const unknown = commands.flatMap(({ where, words }) =>
      simpleCommands(words)
        .filter((command) => command[0] === 'npm' && command[1] === 'run')
        .map((command) => command.slice(2).find((word) => !word.startsWith('-')))
        .filter((script) => script === undefined || !SCRIPTS.includes(script))
        .map((script) => `${where}: npm run ${script ?? '(none)'}`),
    );
    expect(unknown).toEqual([]);
  });

  it('calls only operations of the API document, with their methods and declared parameters', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { where, words } of commands) {
      for (const command of simpleCommands(words).filter((c) => c[0] === 'curl')) {
        const target = command.find((word) => /^(https?:\/\/)?[\w.$<> -]*:(\d+|\$\w+|<[^>]+>)\//.test(word));
        if (!target) continue;
        const url = new URL(target.replace(/^(?!https?:)/, 'http://').replace(/<[^>]+>|\$\w+/g, '1'));
        // Not API operations: the replay server's control path and the metrics listener.
        if (url.pathname.startsWith('/_replay') || url.pathname === '/metrics') continue;
        const method =
          command[command.indexOf('-X') + 1] && command.includes('-X')
            ? command[command.indexOf('-X') + 1]!
            : command.includes('-d')
              ? 'POST'
              : 'GET';
        const operation = operationOf(document, method, url.pathname);
        checked++;
        if (!operation) {
          problems.push(`${where}: ${method} ${url.pathname} is no operation of the document`);
          continue;
        }
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        for (const name of url.searchParams.keys()) {
          if (!declared.includes(name) && !SHOWN_REFUSED.includes(name))
            problems.push(`${where}: ${url.pathname} takes no parameter ${name}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
