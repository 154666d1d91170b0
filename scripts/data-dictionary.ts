/**
 * Writes docs/data-dictionary.md from the lake's column definitions and their meanings
 * (lake/dictionary.ts), formatted as the project's Prettier formats the docs; a test checks the page
 * is current.
 * Usage: npm run docs:dictionary
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { dataDictionaryMarkdown } from '../lake/dictionary-markdown.js';

const page = join(import.meta.dirname, '..', 'docs', 'data-dictionary.md');
const options = { ...(await resolveConfig(page)), parser: 'markdown' };
await writeFile(page, await format(dataDictionaryMarkdown(), options));
console.log('wrote docs/data-dictionary.md');
