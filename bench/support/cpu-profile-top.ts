/**
 * The top frames of a V8 CPU profile (`node --cpu-prof`): self time (where the CPU was) and total time
 * (what a function and everything it called cost), as shares of the busy samples (idle left out).
 * Usage: tsx bench/support/cpu-profile-top.ts <file.cpuprofile> [count]
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { PROJECT_ROOT } from '../../runtime/paths.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
}

export interface FrameShare {
  frame: string;
  percent: number;
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  const path = url.startsWith('file://') ? relative(PROJECT_ROOT, new URL(url).pathname) : url;
  const short = path.replace(/^.*node_modules\//, '');
  return `${name} ${short}:${lineNumber + 1}`;
}

export function topFrames(profile: CpuProfile, count: number): { self: FrameShare[]; total: FrameShare[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = (node: ProfileNode) => node.hitCount ?? 0;
  // GC stays in: it is work requests cause. Only idle time and the profiler's own root are left out.
  const busy = profile.nodes
    .filter((node) => !['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName))
    .reduce((sum, node) => sum + hits(node), 0);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const inclusive = new Map<number, number>();
  const sumOf = (node: ProfileNode): number => {
    const known = inclusive.get(node.id);
    if (known !== undefined) return known;
    const value = hits(node) + (node.children ?? []).reduce((sum, id) => sum + sumOf(byId.get(id)!), 0);
    inclusive.set(node.id, value);
    return value;
  };
  // Each function's total counts a call stack once, even when it recurses.
  const walk = (node: ProfileNode, onStack: Set<string>) => {
    const name = frameName(node);
    if (!IDLE.has(node.callFrame.functionName) && node.callFrame.functionName !== '(root)') {
      self.set(name, (self.get(name) ?? 0) + hits(node));
      if (!onStack.has(name)) total.set(name, (total.get(name) ?? 0) + sumOf(node));
    }
    const next = new Set(onStack).add(name);
    for (const id of node.children ?? []) walk(byId.get(id)!, next);
  };
  const root = profile.nodes.find((node) => node.callFrame.functionName === '(root)') ?? profile.nodes[0]!;
  walk(root, new Set());
  const top = (shares: Map<string, number>) =>
    [...shares]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([frame, samples]) => ({ frame, percent: (samples / Math.max(1, busy)) * 100 }));
  return { self: top(self), total: top(total) };
}

export function printTopFrames(profile: CpuProfile, count: number): void {
  const { self, total } = topFrames(profile, count);
  const print = (title: string, shares: FrameShare[]) => {
    console.log(title);
    for (const { frame, percent } of shares) console.log(`  ${percent.toFixed(1).padStart(5)} %  ${frame}`);
  };
  print('self time (share of busy samples):', self);
  print('total time (a function and what it called):', total);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file = '', count = '25'] = process.argv.slice(2);
  printTopFrames(JSON.parse(await readFile(file, 'utf8')) as CpuProfile, Number(count));
}
