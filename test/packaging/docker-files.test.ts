import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { DockerfileParser, type Copy, type Instruction, type ModifiableInstruction } from 'dockerfile-ast';
import YAML from 'yaml';
import { loadConfig } from '../../src/config';
import { BODY_LIMIT } from '../../src/app';
import { MAX_JUNIT_BYTES } from '../../src/domain/junit-import/junit-import.schemas';
import { MAX_CSV_BYTES } from '../../src/domain/csv-import/csv-import.schemas';

// No Docker engine runs in CI: the Dockerfile, docker-compose.yml and
// .dockerignore are checked by parsing them.

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const instructions = dockerfile.getInstructions();
const froms = dockerfile.getFROMs();
const finalStart = froms[froms.length - 1].getRange().start.line;
const finalStage = instructions.filter((i) => i.getRange().start.line >= finalStart);
const args = (i: Instruction) => i.getArgumentsContent() ?? '';
const of = (list: Instruction[], keyword: string) => list.filter((i) => i.getKeyword() === keyword);
const fromStage = (copy: Instruction) => (copy as Copy).getFromFlag()?.getValue() ?? null;
const flags = (i: Instruction) => Object.fromEntries((i as ModifiableInstruction).getFlags().map((f) => [f.getName(), f.getValue()]));

describe('Dockerfile', () => {
  /** The stage (FROM) an instruction belongs to. */
  const stageOf = (i: Instruction) => [...froms].reverse().find((f) => f.getRange().start.line <= i.getRange().start.line)!;
  const installs = of(instructions, 'RUN').filter((r) => /\bnpm (ci|install|i)\b/.test(args(r)));
  const copiedFrom = (stage: string | null) =>
    of(finalStage, 'COPY')
      .filter((c) => fromStage(c) === stage)
      .map(args);

  it('is multi-stage: production dependencies are installed in a stage of their own', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(installs.length).toBeGreaterThan(0);
    expect(installs.every((r) => r.getRange().start.line < finalStart)).toBe(true);
    const prodInstalls = installs.filter((r) => /--omit=dev\b/.test(args(r)));
    expect(prodInstalls).toHaveLength(1);
    const depsStage = stageOf(prodInstalls[0]).getBuildStage();
    expect(copiedFrom(depsStage)).toEqual(['/app/node_modules node_modules']);
  });

  it('builds the web app and the server in a build stage and ships only what they built (web/dist, dist), no dev dependency', () => {
    const devInstalls = installs.filter((r) => !/--omit=dev\b/.test(args(r)));
    expect(devInstalls).toHaveLength(1);
    const buildStage = stageOf(devInstalls[0]).getBuildStage();
    const inStage = (list: Instruction[]) => list.filter((i) => stageOf(i).getBuildStage() === buildStage);
    const line = (i: Instruction) => i.getRange().start.line;
    // The postinstall generates the Prisma Client and builds the web app from web/ and openapi.yaml; the stage fails without a build.
    const before = inStage(of(instructions, 'COPY'))
      .filter((c) => line(c) < line(devInstalls[0]))
      .map(args)
      .join('\n');
    for (const needed of [
      'package-lock.json',
      'openapi.yaml',
      'scripts/prisma-generate.js',
      'scripts/web-build.js',
      'prisma prisma',
      'web web',
    ])
      expect(before).toContain(needed);
    expect(args(devInstalls[0])).toContain('web/dist/index.html');
    // Then the server is compiled (with the generated client), from sources copied after the install.
    const copySrc = inStage(of(instructions, 'COPY')).find((c) => args(c) === 'src src')!;
    const compile = inStage(of(instructions, 'RUN')).find((r) => /\bnode scripts\/build-server\.js\b/.test(args(r)))!;
    expect(line(devInstalls[0])).toBeLessThan(line(copySrc));
    expect(line(copySrc)).toBeLessThan(line(compile));
    expect(args(compile)).toContain('test -f dist/cli/main.js');
    expect(before).toContain('scripts/build-server.js scripts/build-state.js');
    expect(copiedFrom(buildStage).sort()).toEqual(['/app/dist dist', '/app/web/dist web/dist']);
  });

  it('runs compiled JavaScript: the runtime has dist/ and no TypeScript sources, so bin/casebook.js can only run dist/', () => {
    const copied = of(finalStage, 'COPY').map(args);
    expect(copied.filter((a) => /(^|\s)src\b/.test(a))).toEqual([]);
    expect(copied).toContain('/app/dist dist');
    // bin/casebook.js decides with scripts/build-state.js (dist/ is fresh when there are no sources).
    expect(fs.readFileSync(path.join(root, 'bin/casebook.js'), 'utf8')).toContain("require('../scripts/build-state')");
    expect(copied).toEqual(expect.arrayContaining(['bin bin', 'scripts/build-state.js scripts/', 'prisma prisma']));
  });

  it('copies what the postinstall needs (Prisma schema, generator script) before `npm ci`', () => {
    const install = of(instructions, 'RUN').find((r) => /\bnpm ci\b/.test(args(r)) && /--omit=dev\b/.test(args(r)))!;
    const before = of(instructions, 'COPY')
      .filter((c) => c.getRange().start.line < install.getRange().start.line)
      .map(args)
      .join('\n');
    for (const needed of [
      'package.json',
      'package-lock.json',
      'scripts/prisma-generate.js',
      'scripts/build-server.js',
      'scripts/build-state.js',
      'scripts/web-build.js',
      'prisma',
    ])
      expect(before).toContain(needed);
  });

  it('runs as a non-root user, on 0.0.0.0, serving bin/casebook.js (which applies migrations)', () => {
    const users = of(finalStage, 'USER').map(args);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).not.toMatch(/^(root|0)(:|$)/);
    const cmd = of(finalStage, 'CMD')[0];
    expect(of(finalStage, 'USER')[0].getRange().start.line).toBeLessThan(cmd.getRange().start.line);
    expect(JSON.parse(args(cmd))).toEqual(['node', 'bin/casebook.js', 'serve']);
    const env = dockerfile
      .getENVs()
      .filter((e) => e.getRange().start.line >= finalStart)
      .flatMap((e) => e.getProperties());
    const value = (name: string) => env.find((p) => p.getName() === name)?.getValue();
    expect(value('HOST')).toBe('0.0.0.0');
    expect(value('NODE_ENV')).toBe('production');
    // The same heap bound as `npm start`.
    const startFlags = JSON.parse(read('package.json')).scripts.start.match(/--max-old-space-size=\d+/)?.[0];
    expect(startFlags).toBeDefined();
    expect(value('NODE_OPTIONS')).toBe(startFlags);
    expect(of(finalStage, 'EXPOSE').map(args)).toContain(value('PORT'));
  });

  it('has a HEALTHCHECK on /healthz', () => {
    const checks = dockerfile.getHEALTHCHECKs();
    expect(checks).toHaveLength(1);
    expect(checks[0].getRange().start.line).toBeGreaterThan(finalStart);
    expect(flags(checks[0])).toMatchObject({ interval: expect.any(String), timeout: expect.any(String) });
    expect(args(checks[0])).toMatch(/^CMD \[.*\/healthz/);
  });

  it('leaves out every dev dependency: the runtime imports only production packages', () => {
    // What runs in the image: bin/ and src/ (compiled), and what a production install runs (its
    // postinstall scripts); tests and bench stay out.
    const files = [
      path.join(root, 'bin/casebook.js'),
      ...['prisma-generate.js', 'build-server.js', 'build-state.js'].map((f) => path.join(root, 'scripts', f)),
      ...fs
        .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(ts|js)$/.test(f) && !f.startsWith('generated'))
        .map((f) => path.join(root, 'src', f)),
    ];
    const imported = new Set<string>();
    const specifiers = /(?:^|[^.\w])(?:import(?!\s+type\b)[^'"]*?from\s*|import\s*\(\s*|require\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm;
    for (const file of files) {
      for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(specifiers)) {
        if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(spec)) continue;
        imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
    expect([...imported]).toEqual(expect.arrayContaining(['tsx', 'express', 'zod', '@asteasolutions/zod-to-openapi']));
    const notProduction = [...imported].filter((name) => !(name in pkg.dependencies));
    expect(notProduction).toEqual([]);
    // tsx runs the sources when there is no build; esbuild builds at a production install too.
    for (const needed of ['tsx', 'prisma', 'esbuild']) expect(pkg.dependencies).toHaveProperty(needed);
  });
});

describe('.dockerignore', () => {
  const lines = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('starts from nothing and lets in only what the Dockerfile copies', () => {
    expect(lines[0]).toBe('*');
    const allowed = lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1).replace(/\/$/, ''));
    const sources = of(instructions, 'COPY')
      .filter((c) => !fromStage(c))
      .flatMap((c) => args(c).split(/\s+/).slice(0, -1));
    for (const source of sources)
      expect({ source, allowed: allowed.includes(source.replace(/\/$/, '')) }).toEqual({ source, allowed: true });
    for (const secret of ['node_modules', '.env', '.git', 'data', 'test']) expect(allowed).not.toContain(secret);
    expect(lines).toContain('src/generated/');
    // The image builds its own web app and server: a local build never slips in.
    expect(lines).toContain('web/dist/');
    expect(lines).toContain('dist/');
  });
});

describe('docker-compose.yml', () => {
  const compose = YAML.parse(read('docker-compose.yml')) as {
    services: Record<string, Record<string, unknown> & { environment?: Record<string, string>; healthcheck?: { test: string[] } }>;
    volumes: Record<string, unknown>;
  };
  const { db, app } = compose.services;

  it('runs PostgreSQL with a named volume and a pg_isready healthcheck', () => {
    expect(String(db.image)).toMatch(/^postgres:\d+/);
    const volume = (db.volumes as string[]).find((v) => v.endsWith(':/var/lib/postgresql/data'))!;
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    expect(db.healthcheck!.test.join(' ')).toContain('pg_isready');
  });

  it('builds the app, starts it once the database is healthy, and points it at that database', () => {
    expect(app.build).toBe('.');
    expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    const url = new URL(app.environment!.DATABASE_URL.replace(/\$\{POSTGRES_PASSWORD:-([^}]*)\}/, '$1'));
    expect(url.protocol).toBe('postgresql:');
    expect(url.hostname).toBe('db');
    expect(url.username).toBe(db.environment!.POSTGRES_USER);
    expect(url.password).toBe(db.environment!.POSTGRES_PASSWORD.replace(/\$\{POSTGRES_PASSWORD:-([^}]*)\}/, '$1'));
    expect(url.pathname).toBe(`/${db.environment!.POSTGRES_DB}`);
    expect(app.environment!.HOST).toBe('0.0.0.0');
  });

  it('runs two app replicas, reached only through nginx, which publishes the one port', () => {
    expect(app.deploy).toEqual({ replicas: 2 });
    // Replicas cannot share a published port: only the load balancer has one.
    expect(app.ports).toBeUndefined();
    const { nginx } = compose.services;
    expect(String(nginx.image)).toMatch(/^nginx:1\.(2[89]|[3-9]\d)(\.\d+)?-alpine$/); // `resolve` in upstreams: 1.27.3+
    expect(nginx.ports).toEqual(['3000:80']);
    expect(nginx.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro']);
    expect(new URL(app.environment!.PUBLIC_URL.replace(/\$\{PUBLIC_URL:-([^}]*)\}/, '$1')).port).toBe('3000');
    // nginx waits for a replica that is ready, and every replica says whether it is (503 once stopping).
    expect(nginx.depends_on).toEqual({ app: { condition: 'service_healthy' } });
    expect(app.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${app.environment!.PORT}/readyz`);
  });

  it('believes the forwarded headers of nginx, on the compose network, and no one else', () => {
    expect(app.environment!.TRUST_PROXY).toBe('uniquelocal');
    expect(loadConfig({ TRUST_PROXY: app.environment!.TRUST_PROXY }).trustProxy).toBe('uniquelocal');
  });

  it('lets a stopping replica finish its requests: Docker waits longer than SHUTDOWN_GRACE_MS before killing it', () => {
    const graceMs = loadConfig({ SHUTDOWN_GRACE_MS: app.environment!.SHUTDOWN_GRACE_MS }).shutdownGraceMs;
    expect(graceMs).toBe(loadConfig({}).shutdownGraceMs);
    const stopSeconds = Number(/^(\d+)s$/.exec(String(app.stop_grace_period))?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(graceMs);
  });

  it('keeps attachments where every replica finds them: one shared volume (or S3 storage)', () => {
    const dataDir = /^ENV .*CASEBOOK_DATA_DIR=(\S+)/m.exec(read('Dockerfile'))![1];
    const volume = (app.volumes as string[]).find((v) => v.endsWith(`:${dataDir}`))!;
    expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
  });

  it('offers S3-compatible attachment storage only with --profile s3, sharing the bucket and keys with the app', () => {
    const { s3 } = compose.services;
    expect(s3.profiles).toEqual(['s3']);
    // A pinned release: a moving tag could change the S3 server under a working setup.
    expect(String(s3.image)).toMatch(/^[\w./-]+:\d+(\.\d+)+$/);
    const volume = (s3.volumes as string[]).find((v) => v.endsWith(':/data'))!;
    expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    // Off by default: an unset bucket keeps attachments as files.
    expect(app.environment!.ATTACHMENT_S3_BUCKET).toBe('${ATTACHMENT_S3_BUCKET:-}');
    for (const name of ['ATTACHMENT_S3_ENDPOINT', 'ATTACHMENT_S3_REGION', 'ATTACHMENT_S3_FORCE_PATH_STYLE', 'ATTACHMENT_S3_PRESIGN'])
      expect(app.environment![name]).toMatch(new RegExp(`^\\$\\{${name}:-`));
    expect(s3.environment!.S3_BUCKET).toMatch(/^\$\{ATTACHMENT_S3_BUCKET[:}-]/);
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) expect(s3.environment![name]).toBe(app.environment![name]);
  });
});

/** nginx's configuration as nested blocks of directives (enough of its grammar for this file). */
interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}
function parseNginx(text: string): Directive[] {
  const tokens = text.replace(/#.*$/gm, '').match(/"[^"]*"|[{};]|[^\s{};]+/g) ?? [];
  let at = 0;
  const blockOf = (): Directive[] => {
    const out: Directive[] = [];
    while (at < tokens.length && tokens[at] !== '}') {
      const words: string[] = [];
      while (!['{', ';'].includes(tokens[at])) words.push(tokens[at++].replace(/^"(.*)"$/, '$1'));
      const [name, ...args] = words;
      if (tokens[at++] === '{') {
        out.push({ name, args, block: blockOf() });
        at++; // }
      } else out.push({ name, args });
    }
    return out;
  };
  return blockOf();
}

describe('deploy/nginx.conf', () => {
  const top = parseNginx(read('deploy/nginx.conf'));
  const all = (list: Directive[], name: string) => list.filter((d) => d.name === name);
  const one = (list: Directive[], name: string) => {
    const found = all(list, name);
    expect({ name, count: found.length }).toEqual({ name, count: 1 });
    return found[0];
  };
  const server = one(top, 'server').block!;
  const upstream = one(top, 'upstream');
  const locations = all(server, 'location');
  const location = (path: string) => locations.find((l) => l.args.join(' ') === path)!.block!;
  const compose = YAML.parse(read('docker-compose.yml')) as { services: Record<string, { environment?: Record<string, string> }> };
  const appPort = compose.services.app.environment!.PORT;
  const megabytes = (size: string) => Number(/^(\d+)mb?$/i.exec(size)![1]);
  const seconds = (time: string) => {
    const [, n, unit] = /^(\d+)(ms|s|m|h)?$/.exec(time)!;
    return Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit ?? 's']!;
  };

  it('listens on the port compose publishes and sends every location to the app service, on its port', () => {
    expect(one(server, 'listen').args).toEqual(['80']);
    expect(upstream.block!.filter((d) => d.name === 'server').map((d) => d.args[0])).toEqual([`app:${appPort}`]);
    // Replicas come and go (--scale): the name is resolved again, by Docker's DNS.
    expect(all(upstream.block!, 'server')[0].args).toContain('resolve');
    expect(one(top, 'resolver').args[0]).toBe('127.0.0.11');
    expect(locations.length).toBeGreaterThan(0);
    for (const l of locations) expect(one(l.block!, 'proxy_pass').args).toEqual([`http://${upstream.args[0]}`]);
  });

  it('passes who called and how (X-Forwarded-For, -Proto, -Host) and the Host the client used', () => {
    const headers = Object.fromEntries(all(server, 'proxy_set_header').map((d) => [d.args[0], d.args[1]]));
    expect(headers).toMatchObject({
      Host: '$http_host',
      'X-Forwarded-For': '$proxy_add_x_forwarded_for',
      'X-Forwarded-Proto': '$scheme',
      'X-Forwarded-Host': '$http_host',
    });
  });

  it('passes live run events on unbuffered, held open longer than their heartbeat', () => {
    const events = location('/api/v1/run/events');
    expect(one(events, 'proxy_buffering').args).toEqual(['off']);
    const heartbeatMs = loadConfig({}).eventHeartbeatMs;
    expect(seconds(one(events, 'proxy_read_timeout').args[0]) * 1000).toBeGreaterThan(2 * heartbeatMs);
  });

  it('takes bodies as large as the app does (attachments, imports, JSON), streamed to it', () => {
    const limitMb = megabytes(one(server, 'client_max_body_size').args[0]);
    const { maxFileBytes } = loadConfig({}).attachments;
    for (const bytes of [maxFileBytes, MAX_JUNIT_BYTES, MAX_CSV_BYTES, megabytes(BODY_LIMIT) * 2 ** 20])
      expect(limitMb * 2 ** 20).toBeGreaterThan(bytes);
    expect(one(server, 'proxy_request_buffering').args).toEqual(['off']);
  });

  it("gives a stopping replica's requests their grace, fails over fast, and never sends a write twice", () => {
    const graceS = loadConfig({}).shutdownGraceMs / 1000;
    expect(seconds(one(server, 'proxy_read_timeout').args[0])).toBeGreaterThan(graceS);
    expect(seconds(one(server, 'proxy_connect_timeout').args[0])).toBeLessThan(graceS);
    const nextUpstream = one(server, 'proxy_next_upstream').args;
    expect(nextUpstream).toContain('error');
    expect(nextUpstream).not.toContain('non_idempotent');
    // Kept-alive connections to the replicas need HTTP/1.1 and no hop-by-hop Connection header.
    expect(one(server, 'proxy_http_version').args).toEqual(['1.1']);
    expect(all(server, 'proxy_set_header').find((d) => d.args[0] === 'Connection')?.args[1]).toBe('');
  });
});
