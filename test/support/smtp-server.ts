import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../runtime/versitygw.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const PYTHON = join(HERE, '..', '..', '.tools', 'python', 'bin', 'python');
const SCRIPT = join(HERE, 'smtp_server.py');

/** A message the server accepted, as it read it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  contentType: string;
  text: string;
}

/** A real SMTP server (aiosmtpd) on loopback, and the messages it accepted. */
export class SmtpServer {
  readonly received: ReceivedMail[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<SmtpServer> {
    if (!existsSync(PYTHON))
      throw new Error('The Python tools are missing: run npm run setup (npm test does it)');
    const port = await freePort();
    const child = spawn(PYTHON, [SCRIPT, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const server = new SmtpServer(child, port);
    const lines = createInterface({ input: child.stdout });
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the SMTP server exited (${code}) before it was ready`)));
      lines.on('line', (line) => {
        if (line === 'READY') return resolve();
        server.received.push(JSON.parse(line) as ReceivedMail);
      });
    });
    return server;
  }

  /**
   * The messages sent to an address once there are `count`: the server prints a message as it
   * answers 250, so a client may hear the answer before this process reads the line.
   */
  async whenReceived(address: string, count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > deadline) throw new Error(`${count} messages to ${address} did not arrive`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.to(address);
  }

  /** The messages sent to an address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
