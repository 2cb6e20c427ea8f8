import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type Sparticuz from '@sparticuz/chromium' with { 'resolution-mode': 'import' };
import { chromium, type Browser } from 'playwright-core';

// Headless Chromium for the browser tests, with no apt step: Debian's /usr/bin/chromium
// when the machine has it, else the one shipped (brotli-compressed) in the npm package
// @sparticuz/chromium. CASEBOOK_TEST_CHROMIUM=bundled or =system forces one of them.

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

// The package is ESM with a CommonJS build; TypeScript's node16 resolution reads its types as ESM.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an import here is refused (TS1479: ESM types from a CommonJS file); require loads the CommonJS build
const sparticuz = require('@sparticuz/chromium') as typeof Sparticuz;

// This machine's network is closed: no background connections, updates or sync.
const COMMON_ARGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SYSTEM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu'];
// The package's own flags (made for AWS Lambda), less those that switch off the same-origin
// policy and mixed-content blocking (the tests check what a real browser does with our
// cookies and Origin headers) and --single-process (the browser dies when a context closes).
const DROPPED = new Set(['--disable-web-security', '--allow-running-insecure-content', '--single-process']);
const BUNDLED_ARGS = sparticuz.args.filter((arg) => !DROPPED.has(arg));

export type ChromiumKind = 'system' | 'bundled';

export function chromiumKind(): ChromiumKind {
  const forced = process.env.CASEBOOK_TEST_CHROMIUM;
  if (forced === 'system' || forced === 'bundled') return forced;
  if (forced) throw new Error(`CASEBOOK_TEST_CHROMIUM must be "system" or "bundled", not "${forced}"`);
  return isExecutable(SYSTEM_CHROMIUM) ? 'system' : 'bundled';
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The version of @sparticuz/chromium, which is also the major version of its Chromium. */
export function bundledVersion(): string {
  const main = require.resolve('@sparticuz/chromium');
  const pkg = path.resolve(path.dirname(main), '../../package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * The package's executablePath() inflates into os.tmpdir() and reuses any /tmp/chromium it
 * finds, even half-written by another process or left by another version. So inflate it in a
 * child with a private TMPDIR, then rename that folder into place: one folder per version,
 * complete or absent.
 */
async function bundledChromium(): Promise<string> {
  const dir = path.join(os.tmpdir(), `casebook-chromium-${bundledVersion()}`);
  const exe = path.join(dir, 'chromium');
  if (isExecutable(exe)) return exe;
  const staging = fs.mkdtempSync(`${dir}.partial-`);
  try {
    const inflate = 'require(process.argv[1]).executablePath().then((p) => process.stdout.write(p))';
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', inflate, require.resolve('@sparticuz/chromium')], {
      env: { ...process.env, TMPDIR: staging },
    });
    if (stdout !== path.join(staging, 'chromium')) throw new Error(`@sparticuz/chromium inflated to ${stdout}, not into ${staging}`);
    fs.renameSync(staging, dir);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another process got there first.
    if (!isExecutable(exe)) throw err;
  }
  return exe;
}

/** Launches headless Chromium (see the top of this file for which one). */
export async function launchBrowser(): Promise<Browser> {
  if (chromiumKind() === 'system') {
    return chromium.launch({ executablePath: SYSTEM_CHROMIUM, args: [...SYSTEM_ARGS, ...COMMON_ARGS], headless: true });
  }
  return chromium.launch({ executablePath: await bundledChromium(), args: [...BUNDLED_ARGS, ...COMMON_ARGS], headless: true });
}
